#if !defined(MODE)
#define MODE 1
#endif
int f(int x) {
#ifdef MODE
    return x + 2;
#endif
    return x;
}
