int f(int x) {
    int r = x IF_NOT_FEATURE_FANCY(+ 1);
    return r;
}
