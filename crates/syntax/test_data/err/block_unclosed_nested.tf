b {
  c {
    a = 1
  }
