/* BusyBox chown_main: a function pointer stored in a local struct whose address
   escapes to a function without code (an internal error once). */
int chown(const char *, int);
int walk(void *p);
struct param_t { int n; int (*func)(const char *, int); };
int f(int x) {
    struct param_t param;
    param.func = chown;
    return walk(&param) + x;
}
