/* A macro defined differently per configuration and used in code: each
   definition gets its own name and the use becomes a conditional (one variant). */
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
