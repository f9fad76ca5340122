struct pt { int x; int a[3]; };
int f(struct pt *q) { return q->a[2] + q[1].x; }
