#ifndef __LIFTDIFF_CTYPE_H
#define __LIFTDIFF_CTYPE_H
int isalpha(int); int isdigit(int); int isalnum(int); int isspace(int); int isupper(int);
int islower(int); int isxdigit(int); int isprint(int); int ispunct(int); int iscntrl(int);
int isgraph(int); int isblank(int); int isascii(int); int toascii(int);
int toupper(int); int tolower(int);
#endif
