union word { int i; unsigned char b[4]; short h; };

int echo(int x)
{
    return x;
}
