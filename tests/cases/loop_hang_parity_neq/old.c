/* Counts down by two until zero: an odd x never reaches zero. */
int f(int x) {
    while (x != 0)
        x -= 2;
    return x;
}
