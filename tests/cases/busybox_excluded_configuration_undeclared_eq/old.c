/* BusyBox env.c before 036585a911: the long-option table and a constant are
   declared only with LONG_OPTS, and used with ENV_LONG_OPTIONS.
   The configurations with ENV_LONG_OPTIONS alone do not compile (excluded):
   the file-scope table splits the file into variants, and the variant of those
   configurations must not read the undeclared constant. */
#if ENABLE_LONG_OPTS
# define No_argument "\0"
static const int long_options = 2;
#endif
#if ENABLE_ENV_LONG_OPTIONS
static const char env_longopts[9] = "unset\0" No_argument "u";
#endif
int f(int x) {
#if ENABLE_ENV_LONG_OPTIONS
    return env_longopts[x & 7] + long_options;
#else
    return x & 7;
#endif
}
