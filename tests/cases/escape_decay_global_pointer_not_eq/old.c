static int buf[4];
int *view = buf;
void ext(void);
int f(int v) { int o = buf[0]; ext(); return buf[0] - o; }
