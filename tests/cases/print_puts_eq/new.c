#include <stdio.h>
void f(int x)
{
    printf("a\n");
    printf("b%d 100%%\n", x);
}
