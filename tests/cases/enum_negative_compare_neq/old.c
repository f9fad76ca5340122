enum result { FAILED = -1, OK, RETRY };

int normalise(enum result r)
{
    if (r < 0)
        return -1;
    return r;
}
