#include <sys/syscall.h>
int f(int x) { return x == __NR_getpid; }
