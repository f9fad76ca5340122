#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })
int f(int x, int y) { return MAX(x + 1, y); }
