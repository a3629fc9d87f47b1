a {
  b {
    c {
      d = 1
    }
  }
  e = 2
}
