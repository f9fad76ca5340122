enum mask { NONE = 0, LOW = 1, HIGH = 0x100000000 };

int is_none(enum mask m)
{
    return (unsigned)m == 0;
}
