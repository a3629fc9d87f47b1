b = 3
locals {
  x = 1
}
resource "x" "y" {}
