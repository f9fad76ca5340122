struct point { int x, y; };

int first(int a, int b)
{
    return (struct point){ a, b }.x;
}
