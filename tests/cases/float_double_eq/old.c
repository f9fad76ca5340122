double f(double x) { return x * 2.0; }
