/* An attribute that changes the layout under a conditional: kept (a struct
   per configuration), so the size differs where it is packed. */
struct rec {
	char tag;
	int value;
}
#if ENABLE_PACK
__attribute__((packed))
#endif
;
int f(int x)
{
	if (x > 1000 || x < -1000)
		return 0;
	return (int)sizeof(struct rec) + x;
}
