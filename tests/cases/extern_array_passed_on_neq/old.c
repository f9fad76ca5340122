/* An array this file only declares `extern` (BusyBox's MAC_BCAST_ADDR, six
   bytes, defined in another file) is defined by the compiled harness; its
   constructor, which points an extern *pointer* at memory of its own, took the
   array for a pointer (`__builtin_classify_type` says so of an array) and wrote
   eight bytes into six: AddressSanitizer stopped every replay. */
extern const unsigned char MAC[6];
int send_to(const unsigned char *mac, int kind);
int f(int kind)
{
	return send_to(MAC, kind);
}
