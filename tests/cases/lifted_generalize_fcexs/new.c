int f(int x) {
#if defined(A) || defined(B)
    if (x > 10)
        return x + 1;
#endif
#ifdef C
    if (x < 0)
        return x - 1;
#endif
    return x;
}
