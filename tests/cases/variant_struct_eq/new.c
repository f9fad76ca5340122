struct s {
    int a;
#ifdef EXTRA
    int b;
#endif
};
long f(int x) {
#ifdef EXTRA
    return 8L + x;
#else
    return 4L + x;
#endif
}
