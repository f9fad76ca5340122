struct globals { char flag; };
#define G (*(struct globals *)bb_common_bufsiz1)
int f(void)
{
	G.flag = 2;
	return bb_common_bufsiz1[0];
}
