int f(int x, int step) {
    int n = 0;
    if (step <= 0)
        step = 1;
    while (x > 0) {
        x -= step;
        n++;
    }
    return n;
}
