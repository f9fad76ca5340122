static int buf[4];
static int *cursor;
void start(void) { cursor = buf; }
static void put(int v) { cursor[0] = v; }
int f(int v) { int o = buf[0]; put(v); return 0; }
