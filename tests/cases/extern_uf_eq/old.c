int ext(int);
int f(int x) { return ext(x) + 1; }
