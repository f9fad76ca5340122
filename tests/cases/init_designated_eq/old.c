struct point { int x, y; };
struct line { struct point a, b; int weight[4]; };

int describe(int i)
{
    struct line l = { .a.y = 3, .b = { 1, 2 }, .weight[2] = 7, .a.x = i };
    int t[10] = { [0 ... 4] = 1, [5 ... 9] = 2, [7] = 9 };
    return l.a.x + l.a.y + l.b.x + l.b.y + l.weight[0] + l.weight[2] + t[i & 7];
}
