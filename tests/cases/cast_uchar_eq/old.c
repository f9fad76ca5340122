int f(int x) { return (unsigned char)x; }
