int f(int c) { if (c) { static int k; return ++k; } else { static int k; return --k; } }
