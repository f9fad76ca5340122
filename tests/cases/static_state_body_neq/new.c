/* A static starts at its initialiser in every witness (no caller sets it):
 * the first call already differs, whatever x is, so the body is `1` and the
 * witness shows n at 0. */
int f(int x)
{
    static int n;
    n++;
    if (n > 3)
        return 0;
    return x + 2;
}
