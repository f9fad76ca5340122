#if !defined(MODE)
#define MODE 1
#endif
int f(int x) {
#if MODE
    return x + 2;
#endif
    return x;
}
