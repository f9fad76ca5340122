/* BusyBox chown.c: IF_X(...) / IF_NOT_X(...) inside macro bodies (one definition
   per configuration), used directly, through another macro, and in a string. */
#define OPT_STR     "Rh" IF_DESKTOP("vcf")
#define OPT_VERBOSE (IF_DESKTOP(opt & 0x04) IF_NOT_DESKTOP(0))
#define SHOWN(o)    (OPT_VERBOSE ? (o) : 0)
int f(int opt) {
    if (opt < 0)
        return OPT_STR[2];
    return SHOWN(opt + 1);
}
