int counter;
void bump(void) { counter = counter + 1; }
