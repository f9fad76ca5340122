int g;
void bump(int *p) { *p += 1; }
int f(void) { bump(&g); return g; }
