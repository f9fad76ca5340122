short g[2][3];
int f(int b) { short *p = &g[1][0]; *p = b; return p[0]; }
