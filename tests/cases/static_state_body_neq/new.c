/* The difference needs the static's state (n <= 2 at the entry): no caller
 * sets it and C cannot name it outside f, so the entry has no body; the
 * witness shows the state. */
int f(int x)
{
    static int n;
    n++;
    if (n > 3)
        return 0;
    return x + 2;
}
