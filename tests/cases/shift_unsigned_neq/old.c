int f(int x) { return (int)((unsigned)x >> 31); }
