/* BusyBox's bzlib.c is compiled only #included into bzip2.c, after bzlib.h
   declares bz_stream: on its own, the type is declared nowhere, and a member
   of it is unknown. The reason says so. */
int f(bz_stream *strm)
{
	return strm->state != 0;
}
