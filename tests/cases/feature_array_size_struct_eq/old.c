/* BusyBox ntpd.c's msg_t: `uint8_t m_digest[ENABLE_FEATURE_NTP_AUTH ? 20 : 16]`, a
   file-scope type whose layout is one per configuration (structural variants). */
typedef struct { int a; unsigned char d[4 IF_FEATURE_AUTH(+ 16)]; } msg_t;
int f(int x) { msg_t m; m.d[3] = x; return (int)sizeof(msg_t) + m.d[3]; }
