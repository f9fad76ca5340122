struct reg { unsigned count : 32; unsigned flag : 1; };

int is_empty(struct reg r)
{
    return r.count == 0;
}
