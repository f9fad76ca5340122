int total;
static void bump(int *p, int k) { *p += k; }
int add(int k)
{
    int before = total;
    bump(&total, k);
    return before + total;
}
