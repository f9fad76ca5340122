/* A const array defined in another file, passed to a function without code
   (BusyBox's `extern const uint8_t MAC_BCAST_ADDR[6]`): its six bytes hold no
   NUL, so the compiled replay must know it as that object, not read it as a
   string (it did, past its end). */
extern const unsigned char MAC_BCAST[6];
void send_to(const unsigned char *mac, int n);
int f(int x)
{
	send_to(MAC_BCAST, x);
	return 0;
}
