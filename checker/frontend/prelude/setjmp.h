#ifndef __LIFTDIFF_SETJMP_H
#define __LIFTDIFF_SETJMP_H
typedef struct __liftdiff_jmp_buf { long __jmpbuf[8]; int __mask_was_saved; unsigned long __saved_mask[16]; } jmp_buf[1];
typedef jmp_buf sigjmp_buf;
int setjmp(jmp_buf);
void longjmp(jmp_buf, int);
int sigsetjmp(sigjmp_buf, int);
void siglongjmp(sigjmp_buf, int);
#endif
