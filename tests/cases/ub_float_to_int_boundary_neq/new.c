int f(double d) { return d >= 0 ? (int)d : -(int)-d; }
