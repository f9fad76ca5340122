/* liftdiff prelude: always included first. GNU spellings mapped to what pycparser reads. */
#define __attribute__(x) __liftdiff_attribute(x)
#define __attribute(x) __liftdiff_attribute(x)
#define __extension__
#define __restrict restrict
#define __restrict__ restrict
#define __inline inline
#define __inline__ inline
#define __asm__(x)
#define __asm(x)
#define __volatile__ volatile
#define __const const
#define __signed__ signed
#define __builtin_expect(e, c) (e)
void __builtin_trap(void);
#define __builtin_huge_val() (1e999)
#define __builtin_inf() (1e999)
#define __builtin_inff() (1e999f)
#define __builtin_nan(s) (-(0.0 / 0.0))
#define __builtin_nanf(s) (-(0.0f / 0.0f))
#define __LP64__ 1
#define __x86_64__ 1
#define __CHAR_BIT__ 8
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG__ 8
#define __SIZEOF_POINTER__ 8
/* What gcc 12 predefines on x86-64 GNU/Linux, and what every glibc header brings
   (<features.h>, <bits/endian.h>): the platform the compiled replay runs on. */
#define __GNUC__ 12
#define __GNUC_MINOR__ 2
#define __GNUC_PATCHLEVEL__ 0
#define __STDC__ 1
#define __STDC_VERSION__ 201710L
#define __STDC_HOSTED__ 1
#define __linux__ 1
#define __linux 1
#define __gnu_linux__ 1
#define __unix__ 1
#define __unix 1
#define __ELF__ 1
#define __amd64__ 1
#define __amd64 1
#define __x86_64 1
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_SIZE_T__ 8
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_DOUBLE__ 8
#define __GLIBC__ 2
#define __GLIBC_MINOR__ 36
#define __LITTLE_ENDIAN 1234
#define __BIG_ENDIAN 4321
#define __PDP_ENDIAN 3412
#define __BYTE_ORDER __LITTLE_ENDIAN
#define __FLOAT_WORD_ORDER __BYTE_ORDER
#undef i386 /* gcc -m32's spelling; BusyBox tests it with defined() */
#define __builtin_offsetof(t, m) offsetof(t, m)
