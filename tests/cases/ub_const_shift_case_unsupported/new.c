int f(int x)
{
    switch (x) {
    case 2:
        return 1;
    }
    return 0;
}
