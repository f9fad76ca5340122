#ifndef __LIFTDIFF_STDARG_H
#define __LIFTDIFF_STDARG_H
typedef char *va_list;
#endif
