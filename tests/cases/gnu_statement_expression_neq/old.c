int f(int x) { return ({ int t = x * 2; if (t > 10) t = 10; t; }) + 1; }
