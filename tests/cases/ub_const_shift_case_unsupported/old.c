int f(int x)
{
    switch (x) {
    case 1 << 33:
        return 1;
    }
    return 0;
}
