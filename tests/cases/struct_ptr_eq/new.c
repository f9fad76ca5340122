struct pt { int x; short y; double z; };
double f(struct pt *p) { struct pt v = *p; return v.x + v.y * v.z; }
