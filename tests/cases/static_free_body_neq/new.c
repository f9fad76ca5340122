/* A static the difference does not depend on: the body names x alone and
 * holds whatever `calls` holds. */
int f(int x)
{
    static int calls;
    calls++;
    return x > 6;
}
