/* A local struct holds a pointer the function computes (`base + off`), to a
   place of no object the witness lays out; it is given to a function without
   code. The compiled replay logs where each stored pointer points at a call;
   its text is read only where the process can read it (else the harness
   faulted in its own log and no witness replayed). */
struct msg { char *buf; int len; };

int receive(struct msg *m);

int fetch(char *base, long off)
{
	struct msg m;
	if (off < (1L << 32) || off > (1L << 33))
		return -1;
	m.buf = base + off;
	m.len = 4;
	return receive(&m) + (off > (1L << 32) + 3);
}
