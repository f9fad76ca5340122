/* The same rename, but the new struct puts the mask first: another offset in
   the buffer, another program, and a witness. */
struct client_config_t {
	int port;
	unsigned char opt_mask[2];
};
extern char bufsiz[];
#define client_config (*(struct client_config_t *)(&bufsiz[64]))

unsigned char *add_options(unsigned char *ptr)
{
	int option;
	for (option = 1; option < 4; option++) {
		if (client_config.opt_mask[option >> 3] & (1 << (option & 7))) {
			ptr[0] = option >> 8;
			ptr[1] = option;
			ptr += 2;
		}
	}
	return ptr;
}
