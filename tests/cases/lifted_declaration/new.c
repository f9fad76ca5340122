long f(int x) {
    long v = x;
    return v * 2;
}
