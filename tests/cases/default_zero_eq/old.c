#ifndef VERBOSE
#define VERBOSE 0
#endif
int f(int x) {
#if VERBOSE
    return x + 1;
#else
    return x;
#endif
}
