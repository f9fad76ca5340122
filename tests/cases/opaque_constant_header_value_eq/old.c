/* A difference only for some values of a constant from a header we do not
   have: the real header fixes it (TC_H_UNSPEC is 0U), which the compiled replay
   learns; asked again with that value the versions agree: EQUIVALENT, resting on
   the header's value (listed). */
#include <linux/pkt_sched.h>
int f(unsigned cid)
{
	return cid == TC_H_UNSPEC;
}
