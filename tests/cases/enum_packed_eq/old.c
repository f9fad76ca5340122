enum __attribute__((packed)) colour { RED, GREEN = 200 };

int store(int v)
{
    enum colour c = v;
    return c + (int)sizeof c;
}
