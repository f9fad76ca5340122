void f(int *dst, const int *src) { dst[0] = src[0]; dst[1] = src[1]; }
