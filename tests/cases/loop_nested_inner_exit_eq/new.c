/* loop_nested_inner_exit_neq's shape, with a change that cancels out: proved
   over the whole loop nest, inner loop's exit included (relational invariants:
   the counters agree at every cut point). */
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
    return r + (r == 20 && n == 2000) - (n == 2000 && r == 20);
}
