static int one(int x) { return 1; }
static int (*hooks[2])(int) = { one, one };
void set_hook(int i, int (*h)(int)) { hooks[i & 1] = h; }
int run(int i, int x) { return hooks[i & 1](x); }
