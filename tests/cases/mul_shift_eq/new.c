unsigned f(unsigned x) { return x << 3; }
