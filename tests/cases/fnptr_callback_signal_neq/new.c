/* Another handler is registered: a different function passed to a function
   without code is a different call (gcc's replay logs which one it got). */
void (*signal(int sig, void (*handler)(int)))(int);
int hits;
static void count(int sig)
{
    hits += sig;
}
static void ignore(int sig)
{
    (void)sig;
}
int arm(int x)
{
    signal(12, ignore);
    return x;
}
