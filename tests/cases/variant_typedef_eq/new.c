#ifdef WIDE
typedef long T;
#else
typedef int T;
#endif
long f(int x) {
    T v = x;
    return v + v;
}
