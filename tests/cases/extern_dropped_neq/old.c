int flush_all(int *state);
int f(int *state, int x) { if (x > 3) flush_all(state); return x; }
