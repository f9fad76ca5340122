/* offsetof(T, m) is the member's byte offset in gcc's layout (nested members
   and array elements too): code that reads a header's bytes by offset. */
#include <stddef.h>

struct inner { unsigned short tag; unsigned char bytes[6]; };
struct packet { unsigned char type; unsigned char code; struct inner in; unsigned id; };

int peek(const struct packet *p)
{
	return p->code + p->in.bytes[1];
}
