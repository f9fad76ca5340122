/* A struct that holds a callback beside its data (BusyBox's md5_ctx_t,
   transformer_state_t): a pointer to it can be followed to its data members;
   the function pointer member is never read. */
struct ctx {
	unsigned total;
	void (*process_block)(struct ctx *);
	unsigned char buffer[8];
};
unsigned f(struct ctx *c, int n) {
	if (n < 0)
		return 0;
	return (c->total << 2) + c->buffer[n & 7];
}
