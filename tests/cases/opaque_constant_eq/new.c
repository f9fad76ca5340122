#include <linux/pkt_sched.h>
int f(unsigned cid)
{
	if (cid == TC_H_UNSPEC)
		return 1;
	if ((cid & 0xFFFF0000U) == 0)
		return 2;
	return 3;
}
