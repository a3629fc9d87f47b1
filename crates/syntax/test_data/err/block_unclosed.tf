b {
  a = 1
