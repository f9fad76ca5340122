struct state { int count; char o[1]; };
struct state g;
int f(int k) { g.o[0] = (char)k; g.count++; return k * 2; }
