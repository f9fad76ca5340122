/* A limit that only one configuration enforces, and only above 8: the
   summary's body is the range of inputs that differ, not the witness. */
int limit(int x, unsigned char enable) {
    int v = x;
#if defined(CONFIG_CLAMP) && !defined(CONFIG_FAST)
    if (v >= 8)
        v = 7;
#endif
    return enable ? v : 0;
}
