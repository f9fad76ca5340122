#ifndef VERBOSE
#define VERBOSE 0
#endif
int f(int x) {
    if (VERBOSE)
        x++;
    return x;
}
