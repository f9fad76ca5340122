int fib(int n) {
    int a = 0, b = 0;
    for (int i = 0; i < n; i++) { a = b; b = a + b; }
    return a;
}
int f(int x) { return x < 5 ? fib(x) : 0; }
