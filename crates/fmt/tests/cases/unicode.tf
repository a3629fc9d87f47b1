locals {
  a = 1 # one
  é = 2 # e acute, one column
  日本語 = 3 # three characters
}
x = { "キー" = 1, b = 2 }
y = {
  "e\u0301" = 4 # escaped
  "é" = 5 # composed
  k = 6 # k
}
