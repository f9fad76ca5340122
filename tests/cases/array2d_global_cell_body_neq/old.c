/* A body names a cell of a 2-D global by its C subscripts: the flat index of
 * grid[1][2] is 5, past the first level's extent (2). */
int grid[2][3];
int f(int x)
{
    return x + grid[1][2];
}
