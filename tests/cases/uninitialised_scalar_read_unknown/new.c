/* For a <= 0 the old version returns an uninitialised local: the difference
   from the new version's 0 rests on the value the stack happens to hold,
   which no caller sets. UNKNOWN, naming the local. */
int positive_flag(int a)
{
	int r = 0;
	if (a > 0)
		r = 1;
	return r;
}
