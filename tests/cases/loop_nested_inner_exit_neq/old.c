/* Fuzz finding feature-104, minimised: the inner loop's exit leads back to the
   outer loop's head. The loop products of the relational invariants and of the
   Horn clauses lost that path (an order of the cyclic CFA put the outer head
   before the inner loop's exit), and with it every run that enters the inner
   loop; they proved this pair EQUIVALENT. Only with CFG_B defined can n
   reach the inner loop: n == 2000 runs it 10 times, twice. */
int f(int n)
{
    int r = 0;
#ifdef CFG_B
    n &= 2047;
#else
    n &= 1023;
#endif
    for (int i = 0; i < 2; i++)
        for (int j = n; j > 1990; j--)
            r++;
    return r;
}
