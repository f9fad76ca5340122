/* BusyBox's platform.h: endianness from the platform's macros, `#error`
   otherwise. The lifting reads our prelude's; gcc's derivation of the
   witness's product (for the compiled replay, with -undef) must read the same. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
# define BB_LITTLE_ENDIAN 0
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
# define BB_LITTLE_ENDIAN 1
#else
# error "Can't determine endianness"
#endif
int f(int x) {
#if ENABLE_FAST
	return x * 2 + BB_LITTLE_ENDIAN;
#else
	return x + x + BB_LITTLE_ENDIAN + (x == 7);
#endif
}
