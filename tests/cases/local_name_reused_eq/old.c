/* A local's address is taken only inside its own function: `&len` in f makes
   f's `len` an object in memory, not sum's parameter of the same name (BusyBox's
   `mempcpy(dest, src, len)` = `memcpy(dest, src, len) + len`, inlined into a
   caller that passes `&len` on). Taken by name, sum's `len` was in memory too,
   and the operands of its `+` (memcpy writes memory, `len` reads it) were
   refused as an order of evaluation that matters. */
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
	return r + a[0];
}
