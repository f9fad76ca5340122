void log_value(const int *p);
void f(int *p) { *p = 2; log_value(p); *p = 0; }
