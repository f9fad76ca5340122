/* Same guard, spelled differently: both versions stop for every x. */
int f(int x) {
    while (x >= 1)
        x -= 2;
    return x;
}
