/* A signal handler registered in both versions (the same function): the calls
   cancel; the result is computed before or after, as it may. */
void (*signal(int sig, void (*handler)(int)))(int);
volatile int seen;
static void on_usr2(int sig)
{
    seen = sig;
}
int arm(int x)
{
    int next = x + 1;
    signal(12, on_usr2);
    return next;
}
