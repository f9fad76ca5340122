double f(double a, double b) { if (b < a) return a; return b; }
