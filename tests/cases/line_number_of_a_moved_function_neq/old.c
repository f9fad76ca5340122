/* `__LINE__` is the line the code is on: moving a function moves it. */
int f(int s) { return s + __LINE__; }
