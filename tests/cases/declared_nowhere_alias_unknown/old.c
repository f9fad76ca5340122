/* One name declared nowhere, used both as `(struct globals *)X` and `X[i]`:
   one object, so a write through the struct is seen by the subscript (were
   they two unrelated addresses, this would pass for EQUIVALENT). gcc cannot
   compile the witness without the real declaration: UNKNOWN. */
struct globals { char flag; };
#define G (*(struct globals *)bb_common_bufsiz1)
int f(void)
{
	G.flag = 1;
	return bb_common_bufsiz1[0];
}
