#ifndef __LIFTDIFF_GRP_H
#define __LIFTDIFF_GRP_H
#include <sys/types.h>
struct group { char *gr_name; char *gr_passwd; gid_t gr_gid; char **gr_mem; };
struct group *getgrnam(const char *);
struct group *getgrgid(gid_t);
int setgroups(size_t, const gid_t *);
int initgroups(const char *, gid_t);
#endif
