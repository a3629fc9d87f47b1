locals {
  x = 1
}

output "o" {
  value = local.y * 2
}

output "p" {
  value = local.x + "b" # ERROR: Invalid operand
}
