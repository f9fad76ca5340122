void pair(int a, int b);
int e(int n);
void test(int x) { int a = e(x); int b = e(x + 1); pair(a, b); }
