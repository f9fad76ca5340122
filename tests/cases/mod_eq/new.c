int f(int x) { return (x & 1) && x > 0; }
