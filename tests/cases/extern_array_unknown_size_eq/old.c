/* `extern const char bb_hexdigits_upcase[];`: an array declared without its size
   lives in memory at an address of its own (an input, the same in both
   versions), its contents an input. */
extern const char hexdigits[];
char f(unsigned x) { return hexdigits[x & 15]; }
