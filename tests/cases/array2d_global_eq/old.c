short g[2][3];
int f(int b) { g[1][0] = b; return g[1][0]; }
