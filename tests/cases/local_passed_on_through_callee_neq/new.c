/* A local struct whose address reaches a function without code only through the
   pointer parameter of an inlined callee (BusyBox send_decline: &packet, then
   udhcp_send_raw_packet(packet, ...)): it lives in memory, as one passed directly.
   The versions differ where the packet is not sent (gcc's replay cannot see a
   local's bytes at a call: its copy of the witness's memory is not the local). */
struct pkt { int op; int len; };
int send_it(struct pkt *p, int len);
void log_error(const char *s);
void log_info(const char *s);
static void fill(struct pkt *p, int op) { p->op = op; p->len = 8; }
static void push(struct pkt *p) { send_it(p, 12); }
int decline(int op)
{
    struct pkt packet;
    if (op < 0) {
        log_info("declining");
        return -1;
    }
    fill(&packet, op);
    push(&packet);
    return op;
}
