/* A constant from a header we do not have (linux/pkt_sched.h: TC_H_UNSPEC,
   BusyBox's tc.c) is an unknown int, the same in both versions: the
   verdict holds whatever the real header says, and says what it assumed. */
#include <linux/pkt_sched.h>
int f(unsigned cid)
{
	if (cid == TC_H_UNSPEC)
		return 1;
	else if ((cid & 0xFFFF0000U) == 0)
		return 2;
	else
		return 3;
}
