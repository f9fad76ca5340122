unsigned f(unsigned x) { return x * 8u; }
