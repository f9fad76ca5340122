int total;

/* differs only when item == &total, which the verdict says it assumes away */
int add(int *item)
{
    *item = 5;
    return total + total;
}
