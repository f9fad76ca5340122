/* A name declared nowhere that is assigned is no constant (a macro for an
   lvalue of a header we do not have): not modelled. */
int f(int x)
{
	some_status = x;
	return 0;
}
