int f(int x) {
#if defined(A) && defined(B)
    return x + 1;
#endif
    return x;
}
