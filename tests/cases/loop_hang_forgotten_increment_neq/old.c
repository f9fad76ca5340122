int f(int n, int k) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i == k) {
            s += 10;
            continue;
        }
        s += i;
    }
    return s;
}
