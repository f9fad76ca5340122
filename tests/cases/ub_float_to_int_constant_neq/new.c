int f(void) { return -2147483647 - 1; }
