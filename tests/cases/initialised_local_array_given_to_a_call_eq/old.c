/* A local array given to code we do not have lives in the heap, at an address of
   its own: its initialiser writes there, element by element at byte offsets
   (it wrote at cell offsets, so the call and later reads saw other bytes). */
void consume(const int *fds);
int f(int a, int b) { int fds[2] = { a, b }; int d = fds[0] - fds[1]; consume(fds); return d; }
