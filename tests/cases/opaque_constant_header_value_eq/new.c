#include <linux/pkt_sched.h>
int f(unsigned cid)
{
	return cid == 0;
}
