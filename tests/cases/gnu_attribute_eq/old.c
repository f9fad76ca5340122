static inline __attribute__((always_inline)) int twice(int x) { return x * 2; }
int f(int x) __attribute__((const));
int f(int x) { int unused __attribute__((unused)) = 0; return twice(x) + 1; }
