int next_byte(void);
int f(void) { int b = next_byte(); int a = next_byte(); return a - b; }
