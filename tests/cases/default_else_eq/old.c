#ifdef LIMIT
#else
#define LIMIT 10
#endif
int f(int x) {
    return x > LIMIT;
}
