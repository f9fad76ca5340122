int ext(int);
int f(int x) { return 1 + ext(x); }
