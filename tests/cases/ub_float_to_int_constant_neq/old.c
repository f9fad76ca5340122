int f(void) { return (int)1e10; }
