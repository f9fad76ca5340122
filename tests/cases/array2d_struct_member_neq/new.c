struct T { int k; short m[2][3]; };
int f(int i, int b) { struct T t; t.k = 0; t.m[1][2] = b; t.m[1][1] = 2; return t.m[1][2] - t.m[1][1] + (b > 100); }
