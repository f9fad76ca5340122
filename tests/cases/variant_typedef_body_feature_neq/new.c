#ifdef W
typedef int T;
#else
typedef long T;
#endif
long f(int x) {
    long v = x;
#ifdef A
    v = v * 2;
#endif
    return v * 2;
}
