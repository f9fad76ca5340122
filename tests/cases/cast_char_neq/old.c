int f(int x) { return (signed char)x; }
