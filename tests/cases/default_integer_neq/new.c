#ifndef SCALE
#define SCALE 4
#endif
int f(int x) {
#if SCALE >= 2
    return x * SCALE;
#else
    return x;
#endif
}
