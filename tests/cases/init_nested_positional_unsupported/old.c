struct point { int x, y; };
struct line { struct point a; int z; };
int tail(int v) { struct line l = { .a.x = v, 2, 3 }; return l.z; }
