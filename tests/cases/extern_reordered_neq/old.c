void a(int); void b(int);
void f(int x) { a(x); b(x); }
