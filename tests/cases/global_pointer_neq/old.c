int *cursor;

int peek(void)
{
    return cursor ? *cursor : -1;
}
