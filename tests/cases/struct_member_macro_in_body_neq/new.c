/* See old.c. */
struct globals {
	int x;
#if ENABLE_INTERACTIVE
	int interactive_fd;
# define G_interactive_fd (G.interactive_fd)
#else
# define G_interactive_fd 0
#endif
	int y;
};
extern struct globals *ptr_to_globals;
#define G (*ptr_to_globals)
int f(int a) {
	if (G_interactive_fd)
		return a;
#if !ENABLE_INTERACTIVE
	if (G.y == 5)
		return 0;
#endif
	return G.y;
}
