/* A macro defined differently per configuration and used in code: the
   configuration must be fixed before pcpp expands it (two variants). */
#if A
#define K 3
#else
#define K 4
#endif
int f(int x, int y) {
    int r = x * K;
#ifdef B
    r += y;
#endif
    return r;
}
