# define No_argument "\001"
int f(int x) {
#if ENABLE_ENV_LONG_OPTIONS
    static const char longopts[9] = "unset\0" No_argument "u";
    return longopts[x & 7];
#else
    return x & 7;
#endif
}
