/* The for loop became a while loop; the `continue` now skips the increment. */
int f(int n, int k) {
    int s = 0;
    int i = 0;
    while (i < n) {
        if (i == k) {
            s += 10;
            continue;
        }
        s += i;
        i++;
    }
    return s;
}
