int f(int x) { static int z = 3; return x + z; }
