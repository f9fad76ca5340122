int f(int b) { short m[2][3]; m[1][0] = b; m[0][2] = 1; return m[1][0] + m[0][2]; }
