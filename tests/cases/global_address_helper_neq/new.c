int total;
static void bump(int *p, int k) { *p += k; }
int add(int k)
{
    bump(&total, k);
    return total + total;
}
