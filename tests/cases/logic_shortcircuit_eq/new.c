int g;
int f(int x) { if (x > 0) { g = x; if (x > 10) return 1; } return 0; }
