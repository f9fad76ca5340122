int g;
int f(int x) { g = x; if (x > 10) return 1; return 0; }
