#ifndef __LIFTDIFF_NET_IF_H
#define __LIFTDIFF_NET_IF_H
#define IF_NAMESIZE 16
#define IFNAMSIZ IF_NAMESIZE
unsigned int if_nametoindex(const char *);
char *if_indextoname(unsigned int, char *);
#endif
