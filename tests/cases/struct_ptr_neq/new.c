struct pt { int x; short y; double z; };
void f(struct pt *p, int k) { p->x = k; p->y = 3; }
