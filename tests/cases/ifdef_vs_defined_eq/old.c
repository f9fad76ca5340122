int f(int x) {
#ifdef X
    return x + 1;
#else
    return x;
#endif
}
