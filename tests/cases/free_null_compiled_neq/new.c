#include <stdlib.h>
void ext(int);
void f(char *p, int x) { if (!p) { ext(x + 1); free(p); } }
