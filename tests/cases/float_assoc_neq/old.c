double f(double x, double y, double z) { return (x + y) + z; }
