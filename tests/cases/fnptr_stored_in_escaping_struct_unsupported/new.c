int chown(const char *, int);
int walk(void *p);
struct param_t { int n; int (*func)(const char *, int); };
int f(int x) {
    struct param_t param;
    param.func = chown;
    return walk(&param) + x + 1;
}
