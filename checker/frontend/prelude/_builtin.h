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
