int f(int x) { _Bool b = x; return b; }
