int f(int x) {
    return x
#ifdef A
        + 1
#endif
        ;
}
