/* BusyBox's platform.h: the header that defines __BYTE_ORDER is included under
   conditionals on the platform alone (`__APPLE__`, ...), and the endianness
   test the function's macro sits under ends in an `#error`. The slice keeps the
   include as it keeps the test (gcc, compiling the slice for the replay, would
   otherwise stop at the `#error`: no NOT_EQUIVALENT). */
#if defined(__APPLE__) || defined(__FreeBSD__)
# include <machine/endian.h>
#else
# include <endian.h>
#endif
#if defined(__BYTE_ORDER) && __BYTE_ORDER == __LITTLE_ENDIAN
# define LOW_FIRST 1
#elif defined(__BYTE_ORDER) && __BYTE_ORDER == __BIG_ENDIAN
# define LOW_FIRST 0
#else
# error "Can't determine endianness"
#endif
int f(int x) {
	return LOW_FIRST ? x & 0xff : (x >> 24) & 0xff;
}
