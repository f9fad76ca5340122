#ifdef BIG
static const int limit = 100;
#else
static const int limit = 10;
#endif
int f(int x) {
    return x > limit;
}
