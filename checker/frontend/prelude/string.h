#ifndef __LIFTDIFF_STRING_H
#define __LIFTDIFF_STRING_H
#include <stddef.h>
/* <string.h> with its meaning: reference definitions, inlined like the file's own
   functions, so that every engine and the interpreter give them C's semantics over
   the memory model (the compiled replay runs the real library). strcmp, strncmp
   and memcmp return the difference of the first differing bytes as unsigned char,
   as glibc does on x86-64 (C fixes only the sign). A copy between overlapping
   objects (memcpy, strcpy, strncpy, strcat) is undefined and traps, where
   AddressSanitizer (the replay's judge) stops the program too: each step checks
   whether it reached the other object's start, so the copy stays one loop (up
   to __LIFTDIFF_REACH bytes: objects are smaller, as REACH in ir/heap.py says). */
#define __LIFTDIFF_REACH (1UL << 38)
#define __LIFTDIFF_MEETS(a, b, i) ((i) < __LIFTDIFF_REACH && ((a) + (i) == (b) || (b) + (i) == (a)))
int __liftdiff_before(const void *, const void *);
size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}
char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return 0;
    }
}
char *strrchr(const char *s, int c)
{
    const char *found = 0;
    for (;; s++) {
        if (*s == (char)c)
            found = s;
        if (!*s)
            return (char *)found;
    }
}
int strcmp(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && *x == *y) {
        x++;
        y++;
    }
    return *x - *y;
}
int strncmp(const char *a, const char *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; n--, x++, y++) {
        if (*x != *y)
            return *x - *y;
        if (!*x)
            return 0;
    }
    return 0;
}
int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    int d = 0;
    for (size_t i = 0; i < n; i++) {
        int e = x[i] - y[i];  /* every byte is read, as by glibc: it must exist */
        if (!d)
            d = e;
    }
    return d;
}
void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *to = d;
    const unsigned char *from = s;
    for (size_t i = 0; i < n; i++) {
        if (i && __LIFTDIFF_MEETS(to, from, i))
            __builtin_trap();
        to[i] = from[i];
    }
    return d;
}
void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *to = d;
    const unsigned char *from = s;
    if (!__liftdiff_before(from, to)) {
        for (size_t i = 0; i < n; i++)
            to[i] = from[i];
    } else {
        for (size_t i = n; i > 0; i--)
            to[i - 1] = from[i - 1];
    }
    return d;
}
void *memset(void *s, int c, size_t n)
{
    unsigned char *to = s;
    for (size_t i = 0; i < n; i++)
        to[i] = (unsigned char)c;
    return s;
}
char *strcpy(char *d, const char *s)
{
    for (size_t i = 0;; i++) {
        if (__LIFTDIFF_MEETS(d, s, i))
            __builtin_trap();
        if (!(d[i] = s[i]))
            return d;
    }
}
char *strncpy(char *d, const char *s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++) {
        if (__LIFTDIFF_MEETS(d, s, i))
            __builtin_trap();
        d[i] = s[i];
    }
    if (i < n && __LIFTDIFF_MEETS(d, s, i))
        __builtin_trap();
    for (; i < n; i++)
        d[i] = 0;
    return d;
}
char *strcat(char *d, const char *s)
{
    int copies = *s != 0;  /* appending "" overlaps nothing */
    size_t k = 0;
    for (; d[k]; k++)
        if (copies && k < __LIFTDIFF_REACH && d + k == s)
            __builtin_trap();
    for (size_t i = 0;; i++) {
        if (copies && (__LIFTDIFF_MEETS(d + k, s, i) || (i < __LIFTDIFF_REACH && s + i == d)))
            __builtin_trap();
        if (!(d[k + i] = s[i]))
            return d;
    }
}
size_t strnlen(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i])
        i++;
    return i;
}
void *memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    for (size_t i = 0; i < n; i++)
        if (p[i] == (unsigned char)c)
            return (void *)(p + i);
    return 0;
}
/* strspn and strcspn read both strings to their ends, as glibc's (and
   AddressSanitizer's check of them) do: a witness holds every byte of them. */
int __liftdiff_in_set(char c, const char *set)
{
    int found = 0;
    for (; *set; set++)
        if (*set == c)
            found = 1;
    return found;
}
size_t strspn(const char *s, const char *accept)
{
    size_t n = 0, end = 0;
    int counting = 1;
    for (; s[end]; end++) {
        if (counting && __liftdiff_in_set(s[end], accept))
            n++;
        else
            counting = 0;
    }
    __liftdiff_in_set(0, accept);
    return n;
}
size_t strcspn(const char *s, const char *reject)
{
    size_t n = 0, end = 0;
    int counting = 1;
    for (; s[end]; end++) {
        if (counting && !__liftdiff_in_set(s[end], reject))
            n++;
        else
            counting = 0;
    }
    __liftdiff_in_set(0, reject);
    return n;
}
char *strpbrk(const char *s, const char *accept)
{
    for (;; s++) {
        if (__liftdiff_in_set(*s, accept))  /* reads the whole set, as glibc */
            return (char *)s;
        if (!*s)
            return 0;
    }
}
char *strstr(const char *s, const char *needle)
{
    size_t length = strlen(needle);
    for (;; s++) {
        size_t k = 0;
        while (k < length && s[k] == needle[k])
            k++;
        if (k == length)
            return (char *)s;
        if (!*s)
            return 0;
    }
}
/* Overlap as AddressSanitizer checks it (CHECK_RANGES_OVERLAP): do the byte
   ranges [a, a + na) and [b, b + nb) share a byte? Pointers into different
   objects never do; the distance is bounded by __LIFTDIFF_REACH, as objects are. */
int __liftdiff_overlap(const char *a, size_t na, const char *b, size_t nb)
{
    if (a == b)
        return 1;
    if (__liftdiff_before(a, b))
        return (size_t)(b - a) < __LIFTDIFF_REACH && (size_t)(b - a) < na;
    if (__liftdiff_before(b, a))
        return (size_t)(a - b) < __LIFTDIFF_REACH && (size_t)(a - b) < nb;
    return 0;
}
/* strncat reads s up to n bytes or its NUL and d to its NUL, as glibc and
   AddressSanitizer do; the overlap trap is AddressSanitizer's (its ranges: d
   with its string, the copied bytes and one more; s's bytes read). */
char *strncat(char *d, const char *s, size_t n)
{
    size_t m = strnlen(s, n);
    size_t k = strlen(d);
    size_t read = m < n ? m + 1 : n;
    if (m && __liftdiff_overlap(d, k + read + 1, s, read))
        __builtin_trap();
    for (size_t i = 0; i < m; i++)
        d[k + i] = s[i];
    d[k + m] = 0;
    return d;
}
char *stpcpy(char *d, const char *s)
{
    for (size_t i = 0;; i++) {
        if (__LIFTDIFF_MEETS(d, s, i))
            __builtin_trap();
        if (!(d[i] = s[i]))
            return d + i;
    }
}
void *mempcpy(void *d, const void *s, size_t n)
{
    return (unsigned char *)memcpy(d, s, n) + n;
}
char *strchrnul(const char *s, int c)
{
    for (;; s++)
        if (*s == (char)c || !*s)
            return (char *)s;
}
/* memrchr reads all n bytes (AddressSanitizer checks them all), from the end. */
void *memrchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    const unsigned char *found = 0;
    for (size_t i = n; i > 0; i--)
        if (p[i - 1] == (unsigned char)c && !found)
            found = p + (i - 1);
    return (void *)found;
}
#include <strings.h>
char *strdup(const char *);
char *strndup(const char *, size_t);
char *stpncpy(char *, const char *, size_t);
char *strtok(char *, const char *);
char *strtok_r(char *, const char *, char **);
char *strsep(char **, const char *);
char *strerror(int);
char *strsignal(int);
char *strcasestr(const char *, const char *);
int strcoll(const char *, const char *);
size_t strxfrm(char *, const char *, size_t);
#endif
