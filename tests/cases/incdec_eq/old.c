int f(int x) { x += 1; return x; }
