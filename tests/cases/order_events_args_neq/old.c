void pair(int a, int b);
int e(int n);
void test(int x) { pair(e(x), e(x + 1)); }
