#define LIMIT 128

int clamp(int x)
{
#ifdef CONFIG_WIDE
    const int hi = LIMIT * 2;
#else
    const int hi = LIMIT;
#endif
    return x > hi ? hi : x;
}
