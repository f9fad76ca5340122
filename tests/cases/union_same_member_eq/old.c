union word { int i; unsigned char b[4]; short h; };

int echo(int x)
{
    union word w;
    w.i = x;
    return w.i;
}
