int f(int i) { return (i & 3) + 1; }
