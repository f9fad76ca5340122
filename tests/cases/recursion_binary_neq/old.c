/* Binary recursion: inlining to a fixed depth is exponential, so the
   counterexample must not wait for a deep unrolling. */
int fib(int n) {
    if (n == 1) return 1;
    if (n < 1) return 0;
    return fib(n - 1) + fib(n - 2);
}
int f(int x) { return x < 5 ? fib(x) : 0; }
