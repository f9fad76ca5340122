struct pt { int x; int y; };
struct pt f(int a, int b) { struct pt r; r.x = b; r.y = a; return r; }
