int f(int x)
{
	some_status = x + 0;
	return 0;
}
