/* BusyBox env.c (036585a911): a long-option table "name\0" No_argument "x", where
   libbb.h defined No_argument only with LONG_OPTS: a configuration with
   ENV_LONG_OPTIONS alone does not compile (Kconfig forbids it); it is excluded
   and the verdict says so. */
#if ENABLE_LONG_OPTS
# define No_argument "\0"
#endif
int f(int x) {
#if ENABLE_ENV_LONG_OPTIONS
    static const char longopts[9] = "unset\0" No_argument "u";
    return longopts[x & 7];
#else
    return x & 7;
#endif
}
