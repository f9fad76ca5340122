#ifndef __LIFTDIFF_STDIO_H
#define __LIFTDIFF_STDIO_H
#include <stddef.h>
typedef struct __liftdiff_FILE FILE;
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define EOF (-1)
#define BUFSIZ 8192
int printf(const char *, ...);
int fprintf(FILE *, const char *, ...);
int sprintf(char *, const char *, ...);
int snprintf(char *, size_t, const char *, ...);
int puts(const char *);
int putchar(int);
int fputs(const char *, FILE *);
int fputc(int, FILE *);
int putc(int, FILE *);
int getchar(void);
int fflush(FILE *);
void perror(const char *);
int scanf(const char *, ...);
#endif
