int f(int x) {
    int r = x IF_FEATURE_FANCY(* 2) IF_NOT_FEATURE_FANCY(+ 0);
    return r;
}
