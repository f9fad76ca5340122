struct reg { unsigned count : 31; unsigned flag : 1; };

int is_empty(struct reg r)
{
    return r.count == 0;
}
