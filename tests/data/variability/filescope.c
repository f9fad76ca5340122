/* File-scope conditionals: a typedef, a global and a helper function that
   differ per configuration (variants), and an optional helper (kept). */
#if A
typedef int num;
#else
typedef long num;
#endif
#ifdef B
static int scale = 3;
#else
static int scale = 5;
#endif
#if C
static int helper(int v) { return v + 1; }
#else
static int helper(int v) { return v - 1; }
#endif
#ifdef D
static int only_d(int v) { return v * 7; }
#endif
int f(int x, int y) {
    num n = x;
    n = n * scale + helper(y);
#ifdef D
    n += only_d(1);
#endif
    return (int)n + (int)sizeof(num);
}
