void consume(const int *fds);
void f(int a) { int fds[2] = { a, (a == 3) - 1 }; consume(fds); }
