typedef int num;

int add(int a, int b)
{
    num s = a + b;
    return s;
}
