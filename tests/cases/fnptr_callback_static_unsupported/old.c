/* The handler counts in a static the file never lets out: a call without code
   cannot reach it, so what the handler does to it is not modelled. */
void (*signal(int sig, void (*handler)(int)))(int);
static int hits;
static void count(int sig)
{
    hits += sig;
}
int arm(int x)
{
    signal(12, count);
    return hits + x;
}
