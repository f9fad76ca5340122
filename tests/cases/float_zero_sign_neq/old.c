double f(double a, double b) { if (b > a) return b; return a; }
