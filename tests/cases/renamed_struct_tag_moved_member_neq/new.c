struct client_data_t {
	unsigned char opt_mask[2];
	int port;
};
extern char bufsiz[];
#define client_data (*(struct client_data_t *)(&bufsiz[64]))

unsigned char *add_options(unsigned char *ptr)
{
	int option;
	for (option = 1; option < 4; option++) {
		if (client_data.opt_mask[option >> 3] & (1 << (option & 7))) {
			ptr[0] = option >> 8;
			ptr[1] = option;
			ptr += 2;
		}
	}
	return ptr;
}
