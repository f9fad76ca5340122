#ifndef __LIFTDIFF_SYS_SELECT_H
#define __LIFTDIFF_SYS_SELECT_H
#include <sys/time.h>
typedef struct { long __fds_bits[16]; } fd_set;
int select(int, fd_set *, fd_set *, fd_set *, struct timeval *);
#endif
