union word { int i; unsigned char b[4]; short h; };

int echo(int x)
{
    union word w;
    w.h = x;
    w.b[2] = 0;
    w.b[3] = 0;
    return w.i;
}
