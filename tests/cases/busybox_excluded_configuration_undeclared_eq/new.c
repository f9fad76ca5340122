# define No_argument "\0"
static const int long_options = 2;
int f(int x) {
#if ENABLE_ENV_LONG_OPTIONS
    static const char env_longopts[9] = "unset\0" No_argument "u";
    return env_longopts[x & 7] + long_options;
#else
    return x & 7;
#endif
}
