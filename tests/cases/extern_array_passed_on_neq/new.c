extern const unsigned char MAC[6];
int send_to(const unsigned char *mac, int kind);
int f(int kind)
{
	return send_to(MAC, kind + 1);
}
