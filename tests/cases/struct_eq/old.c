struct pt { int x; long y; };
long f(struct pt p) { struct pt q = p; q.x += 1; return q.x + q.y; }
