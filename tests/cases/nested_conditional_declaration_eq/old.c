/* A declaration with its initialiser under nested conditionals: the inner
   conditional becomes `unsigned char v; if (...) v = ...;`, and that
   declaration's scope reaches past the outer one, which is copied to the end
   of the block (a fuzzed pair once used v outside its copy and crashed). */
int f(long x, unsigned long long y)
{
#if CFG_B && !CFG_C
#if CFG_C || CFG_A
    unsigned char v = (unsigned long long)(x - 244);
#else
    unsigned char v = (unsigned long long)(x - 245);
#endif
#else
#if CFG_C || CFG_A
    unsigned char v = (unsigned long long)(x - 246);
#else
    unsigned char v = (unsigned long long)(x - 247);
#endif
#endif
    return (int)((y - v) | (unsigned long long)x);
}
