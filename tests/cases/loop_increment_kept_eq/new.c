/* The for loop became a while loop, and the `continue` still increments. */
int f(int n, int k) {
    int s = 0;
    int i = 0;
    while (i < n) {
        if (i == k) {
            s += 10;
            i++;
            continue;
        }
        s += i;
        i++;
    }
    return s;
}
