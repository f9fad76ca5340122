/* seen0 starts at 4, so every call from the program's start returns -1 (until
   the counter overflows, undefined): the versions differ only in states no
   sequence of calls reaches (seen0 <= 0). A witness has the static at its
   initialiser (the first call), so none exists: UNKNOWN, not NOT_EQUIVALENT. */
int f(int x0)
{
    static int seen0 = 4;
    ++seen0;
#ifdef CFG_A
    x0 += 2;
#endif
    if (seen0 > 1) {
        return -1;
    }
    return x0 + 1;
}
