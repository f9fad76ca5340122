struct command {
	int pid;
#if FEAT_WORD
# define CMD_WORD 2
#endif
#if FEAT_FUNC
# define CMD_FUNC 3
#endif
	int type;
};

struct command cmd;

int f(int x)
{
	cmd.type = x;
	return cmd.type + 1;
}
