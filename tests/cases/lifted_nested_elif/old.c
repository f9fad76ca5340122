int f(int x) {
#if defined(A)
#  if defined(B)
    return x + 1;
#  else
    return x + 2;
#  endif
#elif defined(C)
    return x + 3;
#else
    return x;
#endif
}
