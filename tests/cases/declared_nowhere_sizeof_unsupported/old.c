/* `sizeof(T)` of a type name we have no declaration of parses as sizeof of an
   expression naming T: its size is unknown, never an opaque int's 4. */
int f(int x)
{
	return x + (int)sizeof(bz_stream);
}
