struct s {
    int a;
#ifdef EXTRA
    int b;
#endif
};
long f(int x) {
    return (long)sizeof(struct s) + x;
}
