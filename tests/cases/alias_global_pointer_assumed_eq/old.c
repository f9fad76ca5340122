int total;

int add(int *item)
{
    int before = total;
    *item = 5;
    return before + total;
}
