/* A volatile global (a flag a signal handler sets) read twice: equal to reading it
   once under the assumption the verdict states (it does not change meanwhile). */
volatile int got_signal;
int f(int x) { return got_signal + got_signal + x; }
