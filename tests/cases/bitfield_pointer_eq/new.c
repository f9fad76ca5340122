struct reg { unsigned ready : 1; unsigned count : 7; };
int pending(const struct reg *r) { return r->ready && r->count ? r->count : 0; }
