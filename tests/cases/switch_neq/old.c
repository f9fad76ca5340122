int f(int x) { int r = 0; switch (x) { case 1: r = 1; break; case 2: r = 2; break; default: r = 3; } return r; }
