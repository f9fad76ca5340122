/* A struct member that is an array of one element (`char name[1]`, the old
   flexible-array idiom) is an array: `g.o[0]` indexes it. */
struct state { int count; char o[1]; };
struct state g;
int f(int k) { g.o[0] = (char)k; g.count++; return g.o[0] * 2; }
