int *cursor;

/* forgets the NULL test */
int peek(void)
{
    return *cursor;
}
