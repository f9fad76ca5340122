struct pt { int x; int y; };
struct pt f(int a, int b) { struct pt r = {a, b}; return r; }
