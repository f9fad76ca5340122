/* A struct passed by value to a function without code (`inet_ntoa(struct
   in_addr)`): its members are not yet arguments of the call's event, so the
   pair is UNSUPPORTED, never an EQUIVALENT that ignores what was passed. */
struct in_addr { unsigned s_addr; };

char *show(struct in_addr a);

char *peer(unsigned addr)
{
	struct in_addr a;
	a.s_addr = addr + 1;
	return show(a);
}
