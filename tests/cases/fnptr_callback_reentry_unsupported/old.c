/* The callback calls the function compared: its code is that function's, which
   changed. */
#include <stdlib.h>
int depth(int n);
static void again(void)
{
    depth(1);
}
int depth(int n)
{
    if (n > 3)
        atexit(again);
    return n;
}
