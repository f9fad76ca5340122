struct P { int a, b; };
struct P s;
int f(int v) { s.a = v; return s.a; }
