b {
  a = f(1