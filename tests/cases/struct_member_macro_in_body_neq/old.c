/* hush.c's `struct globals`: a member under #if with the macro that reads it
   defined beside it, and defined as 0 in the other branch. The struct is
   declared with every member; the compiled replay keeps each #define under its
   branch. The difference shows where the member is absent (`y` then lies
   nearer the start). */
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
	return G.y;
}
