#ifndef __LIFTDIFF_SYS_PARAM_H
#define __LIFTDIFF_SYS_PARAM_H
#include <limits.h>
#define MAXPATHLEN PATH_MAX
#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#define MAX(a, b) (((a) > (b)) ? (a) : (b))
#endif
