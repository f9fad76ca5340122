int f(double x) { return x >= 0; }
