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
	return LOW_FIRST ? x & 0x7f : (x >> 24) & 0xff;
}
