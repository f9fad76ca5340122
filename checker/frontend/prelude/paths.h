#ifndef __LIFTDIFF_PATHS_H
#define __LIFTDIFF_PATHS_H
#define _PATH_BSHELL "/bin/sh"
#define _PATH_DEVNULL "/dev/null"
#define _PATH_TTY "/dev/tty"
#define _PATH_CONSOLE "/dev/console"
#define _PATH_TMP "/tmp/"
#define _PATH_DEV "/dev/"
#define _PATH_VARRUN "/var/run/"
#define _PATH_MAILDIR "/var/mail"
#define _PATH_DEFPATH "/usr/bin:/bin"
#define _PATH_STDPATH "/usr/bin:/bin:/usr/sbin:/sbin"
#endif
