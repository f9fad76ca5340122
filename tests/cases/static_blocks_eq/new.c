int f(int c) { if (c) { static int k; k++; return k; } else { static int k; k--; return k; } }
