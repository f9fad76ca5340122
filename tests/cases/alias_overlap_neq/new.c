void f(int *dst, const int *src) { int a = src[0], b = src[1]; dst[0] = a; dst[1] = b; }
