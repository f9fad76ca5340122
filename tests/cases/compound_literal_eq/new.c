int weigh(int a)
{
    return a + a + 2 + 2 * a + 12;
}
