struct pt { int x; short y; double z; };
double f(struct pt *p) { return p->x + p->y * p->z; }
