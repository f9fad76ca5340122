/* The increment moved under the condition: a non-positive element stops the scan forever. */
int positives(const int *a, int n) {
    int c = 0;
    int i = 0;
    while (i < n) {
        if (a[i] > 0) {
            c++;
            i++;
        }
    }
    return c;
}
