static const int weights[4] = { 1, 2, 9, 9 };

int weight(int i)
{
    return weights[i & 1];
}
