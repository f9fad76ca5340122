int f(int x) {
#if X
    return x + 1;
#else
    return x;
#endif
}
