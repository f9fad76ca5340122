/* A function pointer that may point to either of two functions of the file
   is given to a function without code (a signal handler chosen by a flag):
   the call's argument is the symbol of the function it holds, chosen as the
   pointer is. */
typedef void (*handler_t)(int);

int install(int sig, handler_t handler);

void note(int value);

static void on_alarm(int sig)
{
	note(sig);
}

static void on_quit(int sig)
{
	note(-sig);
}

int arm(int quit)
{
	handler_t h = quit ? on_quit : on_alarm;
	return install(14, h);
}
