int counter;
void bump(void) { counter += 2; }
