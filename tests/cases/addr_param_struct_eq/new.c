struct P { int x, y; };
int f(struct P q) { return (q.x + 1) * (q.y - 1); }
