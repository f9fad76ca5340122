struct s {
    int a;
#ifdef EXTRA
    int b;
#endif
};
long f(int x) {
    return 4L + x;
}
