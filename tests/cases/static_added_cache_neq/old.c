int sq(int x) { return x * x; }
