int ext(int *p, int n);
int f(int *p, int n) { if (!p) return 0; int v = *p; int r = ext(p, n); return r + v; }
