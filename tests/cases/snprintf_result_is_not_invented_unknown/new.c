int f(int x)
{
	int n = 1;
	unsigned u = x < 0 ? -(unsigned)x : (unsigned)x;
	if (x < 0)
		n++;
	while (u >= 10) {
		u /= 10;
		n++;
	}
	return n;
}
