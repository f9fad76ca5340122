unsigned f(unsigned x) { return x - (x & (0u - x)); }
