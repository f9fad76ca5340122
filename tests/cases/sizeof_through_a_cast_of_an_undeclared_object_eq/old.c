/* `sizeof` of an expression that names an object declared nowhere here only
   inside a cast (BusyBox's `G`, `*(struct globals *)bb_common_bufsiz1`): its
   type is the cast's, whatever the object's, so the size is known. */
struct globals { char *hostname; char packet[64]; };
#define G (*(struct globals *)bb_common_bufsiz1)

int room(int n)
{
	return n < (int)sizeof(G.packet);
}
