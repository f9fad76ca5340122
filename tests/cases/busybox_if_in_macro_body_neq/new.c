int f(int opt) {
#if ENABLE_DESKTOP
    if (opt < 0)
        return 'v';
    if (opt & 0x08)
        return opt + 1;
#else
    if (opt < 0)
        return 0;
#endif
    return 0;
}
