/* A difference only for some values of a constant from a header we do not
   have: the real header fixes it (TC_H_UNSPEC is 0U), and with that value the
   versions agree, so no witness replays: UNKNOWN, saying so. */
#include <linux/pkt_sched.h>
int f(unsigned cid)
{
	return cid == TC_H_UNSPEC;
}
