/* BusyBox udhcp, 2021 (busybox-dev case 34): client_config became client_data,
   struct tag and macro alike. The two versions lower to the same program, 256
   iterations of a loop included: EQUIVALENT with no solver. */
struct client_config_t {
	int port;
	unsigned char opt_mask[32];
};
extern char bufsiz[];
#define client_config (*(struct client_config_t *)(&bufsiz[64]))

unsigned char *add_options(unsigned char *ptr)
{
	int option;
	for (option = 1; option < 256; option++) {
		if (client_config.opt_mask[option >> 3] & (1 << (option & 7))) {
			ptr[0] = option >> 8;
			ptr[1] = option;
			ptr += 2;
		}
	}
	return ptr;
}
