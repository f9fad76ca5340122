/* As function_name_spellings_eq: the name is "f", not "g". */
int f(int x)
{
	return x + __FUNCTION__[0];
}
