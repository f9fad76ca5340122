void log_value(const int *p);
void f(int *p) { *p = 1; log_value(p); *p = 0; }
