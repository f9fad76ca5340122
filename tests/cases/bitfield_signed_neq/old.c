struct packet { int delta : 4; };

int roundtrip(int v)
{
    struct packet p;
    p.delta = v;
    return p.delta;
}
