/* `free` without code is a stub in the compiled replay; glibc's own `dprintf`
   (the harness's logging) calls `free` too, which must not log the call again
   (a recursion without end: SIGSEGV in both versions, and gcc vetoed every
   witness of a function that frees, as BusyBox's load_module). */
void free(void *ptr);
int f(char *p, int x)
{
	free(p);
	return x > 3 ? 1 : 0;
}
