struct pt { int x, y; };
void f(struct pt *p) { p->x = 1; p->y = 2; }
