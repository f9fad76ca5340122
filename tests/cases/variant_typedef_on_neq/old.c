#ifdef NARROW
typedef int T;
#else
typedef long T;
#endif
long f(int x) {
    T v = x;
    return v * 2;
}
