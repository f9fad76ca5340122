#ifndef __LIFTDIFF_TERMIOS_H
#define __LIFTDIFF_TERMIOS_H
#include <sys/types.h>
typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;
#define NCCS 32
struct termios { tcflag_t c_iflag; tcflag_t c_oflag; tcflag_t c_cflag; tcflag_t c_lflag; cc_t c_line; cc_t c_cc[NCCS]; speed_t c_ispeed; speed_t c_ospeed; };
#define TCSANOW 0
#define TCSADRAIN 1
#define TCSAFLUSH 2
#define ISIG 0000001
#define ICANON 0000002
#define ECHO 0000010
#define VTIME 5
#define VMIN 6
int tcgetattr(int, struct termios *);
int tcsetattr(int, int, const struct termios *);
speed_t cfgetospeed(const struct termios *);
int cfsetospeed(struct termios *, speed_t);
int cfsetispeed(struct termios *, speed_t);
#endif
