/* `&table` of a const array passed to a function without code (BusyBox's
   mempcpy(ptr, &opt_fqdn_req, sizeof(opt_fqdn_req))): the array's copy in
   the heap, at an address of its own, as for `table` itself. */
static const char table[] = { 0, 39, 0, 1, 0 };
void *send_bytes(void *dst, const void *src, unsigned long n);
char *f(char *out)
{
	return send_bytes(out, &table, sizeof(table));
}
