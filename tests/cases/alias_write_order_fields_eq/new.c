struct pt { int x, y; };
void f(struct pt *p) { p->y = 2; p->x = 1; }
