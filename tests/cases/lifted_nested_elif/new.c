int f(int x) {
#if defined(A) && defined(B)
    return x + 1;
#elif defined(A)
    return x + 2;
#elif defined(C)
    return x + 4;
#else
    return x;
#endif
}
