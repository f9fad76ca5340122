/* As BusyBox's xatonum.h: an inline wrapper where the type is as wide as long
   long, a function without code elsewhere. */
#include <limits.h>
unsigned long long to_ull(const char *s);
#if ULONG_MAX == ULLONG_MAX
static inline unsigned long to_ul(const char *s) { return to_ull(s); }
#else
unsigned long to_ul(const char *s);
#endif
#if UINT_MAX == ULLONG_MAX
static inline unsigned to_u(const char *s) { return to_ull(s); }
#else
unsigned to_u(const char *s);
#endif
