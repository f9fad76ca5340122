int ext(int);
int f(int x) { return 0; }
