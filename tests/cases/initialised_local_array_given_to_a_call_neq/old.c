void consume(const int *fds);
void f(int a) { int fds[2] = { a, -1 }; consume(fds); }
