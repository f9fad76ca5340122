static const int weights[4] = { 1, 2, 3, 4 };

int weight(int i)
{
    return weights[i & 1];
}
