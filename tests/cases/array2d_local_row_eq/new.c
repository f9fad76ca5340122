int f(int b) { short m[2][3]; m[0][2] = 1; m[1][0] = b; return (short)b + 1; }
