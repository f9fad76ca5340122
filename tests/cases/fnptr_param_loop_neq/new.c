/* Each term capped at 3, the callback called again for it: the body of a loop
   fixes the callback's results, named by the parameter (cb(0) == ...). */
int sum(int (*cb)(int), int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += cb(i) > 3 ? 3 : cb(i);
    return s;
}
