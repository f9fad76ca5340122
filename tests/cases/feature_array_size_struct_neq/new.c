typedef struct { int a; unsigned char d[ENABLE_FEATURE_AUTH ? 24 : 4]; } msg_t;
int f(int x) { msg_t m; m.d[3] = x; return (int)sizeof(msg_t) + m.d[3]; }
