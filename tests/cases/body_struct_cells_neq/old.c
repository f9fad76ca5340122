struct pt { int x; int a[3]; };
int f(struct pt *q) { return q->a[1] + q[1].x; }
