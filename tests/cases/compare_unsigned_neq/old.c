int f(int x) { return (unsigned)x < 5u; }
