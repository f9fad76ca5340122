void consume(const int *fds);
int f(int a, int b) { int fds[2]; fds[0] = a; fds[1] = b; consume(fds); return a - b; }
