int *cursor;

int peek(void)
{
    if (cursor == 0)
        return -1;
    return cursor[0];
}
