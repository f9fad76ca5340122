#ifndef __LIFTDIFF_UNISTD_H
#define __LIFTDIFF_UNISTD_H
#include <sys/types.h>
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define R_OK 4
#define W_OK 2
#define X_OK 1
#define F_OK 0
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
extern char **environ;
extern char *optarg;
extern int optind, opterr, optopt;
ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);
ssize_t pread(int, void *, size_t, off_t);
ssize_t pwrite(int, const void *, size_t, off_t);
int close(int);
off_t lseek(int, off_t, int);
int dup(int);
int dup2(int, int);
int pipe(int *);
pid_t fork(void);
pid_t vfork(void);
int execv(const char *, char *const *);
int execvp(const char *, char *const *);
int execve(const char *, char *const *, char *const *);
int execl(const char *, const char *, ...);
int execlp(const char *, const char *, ...);
void _exit(int);
pid_t getpid(void);
pid_t getppid(void);
pid_t getpgrp(void);
pid_t setsid(void);
int setpgid(pid_t, pid_t);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int setuid(uid_t);
int setgid(gid_t);
int seteuid(uid_t);
int setegid(gid_t);
int getgroups(int, gid_t *);
int access(const char *, int);
int chdir(const char *);
int fchdir(int);
int chown(const char *, uid_t, gid_t);
int fchown(int, uid_t, gid_t);
int lchown(const char *, uid_t, gid_t);
char *getcwd(char *, size_t);
int link(const char *, const char *);
int symlink(const char *, const char *);
ssize_t readlink(const char *, char *, size_t);
int unlink(const char *);
int rmdir(const char *);
int isatty(int);
char *ttyname(int);
int ttyname_r(int, char *, size_t);
unsigned int sleep(unsigned int);
int usleep(useconds_t);
unsigned int alarm(unsigned int);
int pause(void);
int fsync(int);
int fdatasync(int);
void sync(void);
int truncate(const char *, off_t);
int ftruncate(int, off_t);
int gethostname(char *, size_t);
int sethostname(const char *, size_t);
long sysconf(int);
long syscall(long, ...);
int getopt(int, char *const *, const char *);
int nice(int);
int chroot(const char *);
char *getlogin(void);
int getpagesize(void);
pid_t tcgetpgrp(int);
int tcsetpgrp(int, pid_t);
#endif
