#ifndef __LIFTDIFF_LIBGEN_H
#define __LIFTDIFF_LIBGEN_H
char *dirname(char *);
char *basename(char *);
#endif
