#define LIMIT 100
static int clamp(int x) { return x > LIMIT ? LIMIT : x; }
