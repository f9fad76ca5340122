#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
char *concat_path_file(const char *a, const char *b);
int f(const char *name)
{
	char pathbuf[16 + sizeof("/brforward") + 8];
	sprintf(pathbuf, "%.16s/brforward", name);
	return open(pathbuf, O_RDONLY);
}
