struct point { int x, y; };

int first(int a, int b)
{
    return (struct point){ .y = a, .x = b }.x;
}
