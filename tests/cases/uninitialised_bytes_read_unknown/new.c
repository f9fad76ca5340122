/* The new version copies 3 of the float's 4 bytes: its fourth byte is
   whatever the stack held. Every difference rests on that byte (for each x
   some byte makes the two equal), which no caller and no compiled replay can
   set: UNKNOWN, naming the local, not a NOT_EQUIVALENT whose replay under gcc
   agreed by the luck of the stack (differential fuzzing, union-00/01). */
#include <string.h>

int below_one(unsigned int x)
{
	float fl;
	memcpy(&fl, &x, 3);
	return fl < 1.0f;
}
