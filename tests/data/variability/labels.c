/* Case labels under a conditional (the switch is duplicated) and a goto
   label whose jump is in another conditional (labels renamed per copy). */
int f(int x, int y) {
    int r = 0;
    switch (x & 3) {
    case 0:
        r = 1;
        break;
#if A
    case 1:
        r = 2;
        break;
#endif
    default:
        r = 3;
    }
#ifdef B
    if (y > 2)
        goto big;
#endif
    r += 10;
    if (y < -3)
        goto out;
#ifdef B
big:
    r += 20;
#endif
    r += 100;
out:
    return r;
}
