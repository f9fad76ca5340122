#ifndef __LIFTDIFF_STRINGS_H
#define __LIFTDIFF_STRINGS_H
#include <stddef.h>
int strcasecmp(const char *, const char *);
int strncasecmp(const char *, const char *, size_t);
int ffs(int);
#endif
