struct P { int a, b; };
struct P s;
void seta(int *p, int v) { *p = v; }
int f(int v) { seta(&s.b, v); return s.a; }
