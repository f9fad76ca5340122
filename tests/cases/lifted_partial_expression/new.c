int f(int x) {
    int y = x;
#if defined(A) && !defined(B)
    y++;
#endif
    return y;
}
