void a(int); void b(int);
void f(int x) { b(x); a(x); }
