int f(int x)
{
    switch (x) {
    case 1 ... 5:
        return 1;
    case 'a' ... 'z':
        return 2;
    case 9 ... 7:
        return 3;
    default:
        return 0;
    }
}
