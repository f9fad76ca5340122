int next_byte(void);
int f(void) { int a = next_byte(); int b = next_byte(); return a - b; }
