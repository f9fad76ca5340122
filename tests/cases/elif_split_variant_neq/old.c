#if A
const int x = 1;
#else
const long x = 2;
#endif
#if A
const int y = 10;
#elif B
const long y = 20;
#else
const short y = 30;
#endif
long f(int k) {
    return x + y + k;
}
