#include <string.h>
static void take(int *p) { *p += 2; }
static int sum(char *d, const char *s, int len) {
	return (int)((char *)memcpy(d, s, (size_t)len) - d) + len;
}
int f(int k) {
	char a[8], b[8] = "abcdefg";
	int len = k & 3;
	take(&len);
	int r = sum(a, b, len);
	return a[0] + r;
}
