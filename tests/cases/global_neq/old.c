int counter;
void bump(void) { counter++; }
