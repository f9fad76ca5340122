int f(bz_stream *strm)
{
	return strm->state == 0 ? 0 : 1;
}
