/* Configuration A changes f for every x > 10; B only where y is also huge.
   GeneralizeFCEXs adds B to A's entry by narrowing its body to such a y, so
   the first witness (almost surely with a small y) is no longer in the
   entry: the report must show one that is. */
int f(int x, int y) {
    return x;
}
