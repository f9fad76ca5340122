#ifndef __LIFTDIFF_ERRNO_H
#define __LIFTDIFF_ERRNO_H
extern int errno;
#define EINVAL 22
#define ERANGE 34
#define ENOMEM 12
#define ENOENT 2
#define EEXIST 17
#endif
