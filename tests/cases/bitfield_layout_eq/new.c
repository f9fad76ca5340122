int header_size(void)
{
    return 16;
}
