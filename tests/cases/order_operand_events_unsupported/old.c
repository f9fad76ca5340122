int ext(int);
int f(int x) { return ext(x) - ext(x + 1); }
