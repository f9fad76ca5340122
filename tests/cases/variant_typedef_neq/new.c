#ifdef WIDE
typedef long T;
#else
typedef int T;
#endif
long f(int x) {
    long v = x;
    return v * 2;
}
