/* Macros defined in the text take their values inside conditions; a macro
   defined only under a feature is tested through that feature. */
#define BASE 10
#define TWICE(v) ((v) * 2)
#if A
# define EXTRA 1
#endif
int f(int x, int y) {
    int r = BASE;
#ifdef EXTRA
    r += x;
#endif
#if TWICE(BASE) > 15 && B
    r += y;
#endif
#if 0
    this is not C at all
#endif
#ifdef __cplusplus
    r = -1;
#endif
    return r;
}
