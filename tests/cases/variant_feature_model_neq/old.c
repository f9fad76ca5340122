#ifdef W
typedef int T;
#else
typedef long T;
#endif
long f(int x) {
    T v = x;
#ifdef A
    v = v + 1;
#endif
    return v * 2;
}
