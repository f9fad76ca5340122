/* A local `struct sockaddr_in` given to a function without code as a
   `struct sockaddr *` (the socket API's idiom: `recvfrom(..., (struct sockaddr
   *)&from, &len)`), which fills it; then read through its own type. Viewed as
   another struct type, the local lives in memory as bytes. */
struct sockaddr { unsigned short sa_family; char sa_data[14]; };
struct sockaddr_in { unsigned short sin_family; unsigned short sin_port;
                     unsigned sin_addr; char sin_zero[8]; };

int receive(int fd, struct sockaddr *from, unsigned *len);

int source_port(int fd)
{
	struct sockaddr_in from;
	unsigned len = sizeof(from);
	if (receive(fd, (struct sockaddr *)&from, &len) < 0)
		return -1;
	return from.sin_port + (from.sin_family == 2);
}
