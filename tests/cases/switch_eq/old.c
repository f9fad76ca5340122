int f(int x) { switch (x) { case 1: case 2: return 10; case 3: x = 7; default: return x; } }
