/* One name declared nowhere, used both as `(struct globals *)X` and `X[i]`:
   one object, so a write through the struct is seen by the subscript (were
   they two unrelated addresses, this would pass for EQUIVALENT). gcc finds it
   declared nowhere either and replays the witness with the harness declaring it
   as the front end took it, `extern char bb_common_bufsiz1[];`. */
struct globals { char flag; };
#define G (*(struct globals *)bb_common_bufsiz1)
int f(void)
{
	G.flag = 1;
	return bb_common_bufsiz1[0];
}
