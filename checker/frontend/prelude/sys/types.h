#ifndef __LIFTDIFF_SYS_TYPES_H
#define __LIFTDIFF_SYS_TYPES_H
#include <stddef.h>
#include <stdint.h>
#include <endian.h>
typedef long off_t;
typedef long off64_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long time_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef unsigned int id_t;
typedef int key_t;
typedef long clock_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned short ushort;
typedef long long quad_t;
typedef unsigned long long u_quad_t;
typedef char *caddr_t;
typedef int clockid_t;
#endif
