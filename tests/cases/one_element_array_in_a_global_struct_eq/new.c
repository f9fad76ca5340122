struct state { int count; char o[1]; };
struct state g;
int f(int k) { char *p = g.o; *p = (char)k; g.count += 1; return p[0] + g.o[0]; }
