struct point { int x; long y; };
long f(struct point p) { return (long)(p.x + 1) + p.y; }
