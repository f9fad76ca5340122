int f(int x) {
    if (x > 0)
        return 1;
#ifdef B
    else
        return 2;
#endif
    return x > -5 ? 3 : 3;
}
