#include <stdio.h>
void f(int x)
{
    puts("a");
    printf("%c%d %s\n", 98, x, "100%");
}
