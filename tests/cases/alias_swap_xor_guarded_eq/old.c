void swap(int *a, int *b) { if (a == b) return; int t = *a; *a = *b; *b = t; }
