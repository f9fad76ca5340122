/* BusyBox brctl, 2019 (case 26): a helper that allocates the path gave way to
   sprintf into a buffer. glibc's sprintf is not code we lack: the interpreter
   writes its text as C says, so the witness (the helper's call is gone) replays
   under gcc, which runs the real sprintf. */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
char *concat_path_file(const char *a, const char *b);
int f(const char *name)
{
	char *path = concat_path_file(name, "brforward");
	int fd = open(path, O_RDONLY);
	free(path);
	return fd;
}
