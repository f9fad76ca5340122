struct header { unsigned version : 4; unsigned length : 12; char kind; int : 0; long stamp : 40; };

int header_size(void)
{
    return sizeof(struct header);
}
