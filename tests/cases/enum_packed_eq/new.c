int store(int v)
{
    return (v & 0xff) + 1;
}
