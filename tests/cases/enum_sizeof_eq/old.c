enum color { RED, GREEN = 5, BLUE };
int f(int c) { return c == BLUE ? (int)sizeof(long) : GREEN; }
