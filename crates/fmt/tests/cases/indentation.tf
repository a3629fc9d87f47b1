a = {
b = {
c = 1
}
}
d = [
[1,
2],
3]
e = f(g(
1
))
locals {
      x = 1
}
resource "r" "s" {
lifecycle {
ignore_changes = [
tags,
]
}
}
