int flush_all(int *state);
int f(int *state, int x) { return x; }
