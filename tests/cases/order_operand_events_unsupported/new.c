int ext(int);
int f(int x) { int a = ext(x); return a - ext(x + 1); }
