#ifndef __LIFTDIFF_STDDEF_H
#define __LIFTDIFF_STDDEF_H
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef long ssize_t;
typedef int wchar_t;
#define NULL ((void *)0)
/* offsetof is a keyword of pycparser */
#endif
