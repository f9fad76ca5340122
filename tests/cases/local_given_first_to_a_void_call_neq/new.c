/* A local packet is given to a void function without code first (`init`),
   filled, given to another (`add`), then sent (`send`, whose answer the
   witness chooses). The compiled harness learns where the local lives at the
   first call given it, whether or not a row answers that call; it learned it
   only at `send`, logged the witness's buffer at `add` instead of the packet,
   and the replays disagreed. */
struct packet { unsigned char op; unsigned xid; unsigned char options[8]; };

void init(struct packet *p);
void add(struct packet *p, int code);
int send(struct packet *p);

int transmit(unsigned xid)
{
	struct packet packet;
	init(&packet);
	packet.xid = xid | 1;
	add(&packet, 50);
	return send(&packet);
}
