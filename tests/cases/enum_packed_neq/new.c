int store(int v)
{
    return v;
}
