#ifndef __LIFTDIFF_STDLIB_H
#define __LIFTDIFF_STDLIB_H
#include <stddef.h>
#include <sys/types.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
int abs(int); long labs(long); long long llabs(long long);
void exit(int); void abort(void); void _Exit(int);
int rand(void); void srand(unsigned);
void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *);
#include <errno.h>
/* strtol and its family as glibc 2.36 reads a number in the C locale: white
   space, a sign, for base 0 or 16 a "0x"/"0X" prefix (base 0: a leading 0 is
   octal), then digits of the base (letters for 10..35); endptr after the last
   digit, or the start when there is none (after the 0 of a "0x" without hex
   digits); base < 0, 1 or > 36: EINVAL, 0, endptr untouched. A value out of
   range saturates (LONG_MIN/LONG_MAX, ULONG_MAX) and sets errno to ERANGE;
   strtoul negates a magnitude that fits ("-1" is ULONG_MAX). errno is the
   global of <errno.h>, read and written like any other. */
unsigned long __liftdiff_strtoul(const char *nptr, char **endptr, int base, int is_signed)
{
    const char *s = nptr;
    if (base < 0 || base == 1 || base > 36) {
        errno = 22;
        return 0;
    }
    while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        s++;
    int negative = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    if (*s == '0') {
        if ((base == 0 || base == 16) && (s[1] == 'x' || s[1] == 'X')) {
            s += 2;
            base = 16;
        } else if (base == 0)
            base = 8;
    } else if (base == 0)
        base = 10;
    const char *digits = s;
    /* the usual bases without a division or a product of two variables (cheap
       for the solver); the same numbers as ULONG_MAX / base and ULONG_MAX % base */
    unsigned long cutoff = base == 10 ? 1844674407370955161UL : base == 16 ? 1152921504606846975UL
        : base == 8 ? 2305843009213693951UL : 18446744073709551615UL / (unsigned)base;
    unsigned cutlim = base == 10 ? 5 : base == 16 || base == 8 ? (unsigned)base - 1
        : (unsigned)(18446744073709551615UL % (unsigned)base);
    unsigned long value = 0;
    int overflow = 0;
    for (;; s++) {
        unsigned c = (unsigned char)*s;
        if (c >= '0' && c <= '9')
            c -= '0';
        else if (c >= 'a' && c <= 'z')
            c -= 'a' - 10;
        else if (c >= 'A' && c <= 'Z')
            c -= 'A' - 10;
        else
            break;
        if (c >= (unsigned)base)
            break;
        if (value > cutoff || (value == cutoff && c > cutlim))
            overflow = 1;
        else
            value = (base == 10 ? value * 10 : base == 16 ? value << 4 : base == 8 ? value << 3
                     : value * (unsigned)base) + c;
    }
    if (s == digits) {
        if (endptr)
            *endptr = (char *)(digits - nptr >= 2 && (digits[-1] == 'x' || digits[-1] == 'X')
                               && digits[-2] == '0' ? digits - 1 : nptr);
        return 0;
    }
    if (endptr)
        *endptr = (char *)s;
    if (is_signed && !overflow)
        overflow = negative ? value > 9223372036854775808UL : value > 9223372036854775807UL;
    if (overflow) {
        errno = 34;
        return !is_signed ? 18446744073709551615UL
            : negative ? 9223372036854775808UL : 9223372036854775807UL;
    }
    return negative ? -value : value;
}
long strtol(const char *s, char **endptr, int base)
{
    return (long)__liftdiff_strtoul(s, endptr, base, 1);
}
unsigned long strtoul(const char *s, char **endptr, int base)
{
    return __liftdiff_strtoul(s, endptr, base, 0);
}
long long strtoll(const char *s, char **endptr, int base)
{
    return (long long)__liftdiff_strtoul(s, endptr, base, 1);
}
unsigned long long strtoull(const char *s, char **endptr, int base)
{
    return __liftdiff_strtoul(s, endptr, base, 0);
}
/* glibc's atoi is (int)strtol(s, NULL, 10): an out-of-range value saturates
   and is then truncated ("99999999999999999999" is -1), errno ERANGE. */
int atoi(const char *s)
{
    return (int)strtol(s, (char **)0, 10);
}
long atol(const char *s)
{
    return strtol(s, (char **)0, 10);
}
long long atoll(const char *s)
{
    return strtoll(s, (char **)0, 10);
}
double atof(const char *);
double strtod(const char *, char **);
char *getenv(const char *);
int setenv(const char *, const char *, int);
int unsetenv(const char *);
int putenv(char *);
int clearenv(void);
float strtof(const char *, char **);
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
int atexit(void (*)(void));
int system(const char *);
long random(void);
void srandom(unsigned int);
char *realpath(const char *, char *);
int mkstemp(char *);
char *mkdtemp(char *);
int grantpt(int);
int unlockpt(int);
char *ptsname(int);
#define MB_CUR_MAX 1
#endif
