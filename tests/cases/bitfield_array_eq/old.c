struct reg {
    unsigned ready : 1;
    int mode : 3;
    unsigned count : 12;
    int limit;
};

struct reg table[4];

int bump(int i)
{
    if (i < 0 || i >= 4)
        return -1;
    table[i].count++;
    return table[i].count;
}
