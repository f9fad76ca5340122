int f(int x) { return (x * 2 > 11 ? 11 : x * 2) + 1; }
