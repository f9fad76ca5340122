#ifndef __LIFTDIFF_STRINGS_H
#define __LIFTDIFF_STRINGS_H
#include <stddef.h>
/* strcasecmp and strncasecmp in the C locale, as glibc: the difference of the
   first bytes (as unsigned char) that differ after tolower, which moves only
   'A'..'Z'; each string is read up to that byte (AddressSanitizer's check). */
#define __LIFTDIFF_LOWER(c) ((c) >= 'A' && (c) <= 'Z' ? (c) + 32 : (c))
int strcasecmp(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (;; x++, y++) {
        int d = __LIFTDIFF_LOWER(*x) - __LIFTDIFF_LOWER(*y);
        if (d || !*x)
            return d;
    }
}
int strncasecmp(const char *a, const char *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; n--, x++, y++) {
        int d = __LIFTDIFF_LOWER(*x) - __LIFTDIFF_LOWER(*y);
        if (d || !*x)
            return d;
    }
    return 0;
}
int ffs(int);
#endif
