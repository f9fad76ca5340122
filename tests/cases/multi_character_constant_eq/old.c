/* A multi-character constant ('ab') is an int: gcc shifts each character in, a
   byte at a time (the last four kept). */
int f(int x) { return x == 'ab' ? 1 : x == '\377a' ? 2 : 0; }
