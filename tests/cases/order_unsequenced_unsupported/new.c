int f(int i) { return i == 1 ? 2 : 0; }
