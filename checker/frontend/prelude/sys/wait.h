#ifndef __LIFTDIFF_SYS_WAIT_H
#define __LIFTDIFF_SYS_WAIT_H
#include <sys/types.h>
#include <signal.h>
#define WNOHANG 1
#define WUNTRACED 2
#define WEXITSTATUS(status) (((status) & 0xff00) >> 8)
#define WTERMSIG(status) ((status) & 0x7f)
#define WSTOPSIG(status) WEXITSTATUS(status)
#define WIFEXITED(status) (WTERMSIG(status) == 0)
#define WIFSIGNALED(status) (((signed char) (((status) & 0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(status) (((status) & 0xff) == 0x7f)
#define WCOREDUMP(status) ((status) & 0x80)
pid_t wait(int *);
pid_t waitpid(pid_t, int *, int);
#endif
