volatile int got_signal;
int f(int x) { return got_signal + x; }
