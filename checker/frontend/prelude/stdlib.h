#ifndef __LIFTDIFF_STDLIB_H
#define __LIFTDIFF_STDLIB_H
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
int abs(int); long labs(long); long long llabs(long long);
void exit(int); void abort(void); void _Exit(int);
int rand(void); void srand(unsigned);
void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *);
int atoi(const char *); long atol(const char *); double atof(const char *);
long strtol(const char *, char **, int); unsigned long strtoul(const char *, char **, int);
double strtod(const char *, char **);
char *getenv(const char *);
#endif
