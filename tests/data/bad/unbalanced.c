int f(int x) {
#ifdef A
  x++;
#endif
#endif
  return x;
}
