enum mask { NONE = 0, LOW = 1, HIGH = 0x100000000 };

int has_high(enum mask m)
{
    return (int)(m >> 32) & 1;
}
