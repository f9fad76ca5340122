int f(int x) {
    while (x > 0)
        x -= 2;
    return x;
}
