struct P { int x, y; };
void inc(struct P *p) { p->x++; p->y--; }
int f(struct P q) { inc(&q); return q.x * q.y; }
