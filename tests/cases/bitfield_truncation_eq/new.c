struct packet { int delta : 5; unsigned kind : 3; char tag : 2; };
struct packet last;

int record(int v)
{
    int delta = v & 31, tag = (v >> 3) & 3;
    if (delta > 15)
        delta -= 32;
    if (tag > 1)
        tag -= 4;
    last.delta = delta;
    last.kind = v & 7;
    last.tag = tag;
    return delta + (v & 7) + tag;
}
