#ifndef __LIFTDIFF_SYS_IOCTL_H
#define __LIFTDIFF_SYS_IOCTL_H
struct winsize { unsigned short ws_row; unsigned short ws_col; unsigned short ws_xpixel; unsigned short ws_ypixel; };
#define TIOCGWINSZ 0x5413
#define TIOCSWINSZ 0x5414
#define FIONREAD 0x541B
int ioctl(int, unsigned long, ...);
#endif
