volatile int got_signal;
int f(int x) { return 2 * got_signal + x; }
