enum result { FAILED = -1, OK, RETRY };

int normalise(enum result r)
{
    return r;
}
