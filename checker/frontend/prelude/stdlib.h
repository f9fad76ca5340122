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
int atoi(const char *); long atol(const char *); double atof(const char *);
long strtol(const char *, char **, int); unsigned long strtoul(const char *, char **, int);
double strtod(const char *, char **);
char *getenv(const char *);
int setenv(const char *, const char *, int);
int unsetenv(const char *);
int putenv(char *);
int clearenv(void);
long long atoll(const char *);
long long strtoll(const char *, char **, int);
unsigned long long strtoull(const char *, char **, int);
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
