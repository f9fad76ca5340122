struct packet { int delta : 5; unsigned kind : 3; char tag : 2; };
struct packet last;

int record(int v)
{
    last.delta = v;
    last.kind = v;
    last.tag = v >> 3;
    return last.delta + last.kind + last.tag;
}
