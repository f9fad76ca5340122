int roundtrip(int v)
{
    return v & 15;
}
