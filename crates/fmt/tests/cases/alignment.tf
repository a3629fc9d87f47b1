a = 1 # one
bb = 2 # two
ccc = { x = 1 } # three

dddd = 4
e = [
1,
2, # c
]
  f      =      "x"   // comment
  gé = "y" /* z */
  日本 = 1 # wide
ab = 2 # x
locals {
a = 1
  bbbbbb = {
  c = 2
  ddd = 3
  }
}
