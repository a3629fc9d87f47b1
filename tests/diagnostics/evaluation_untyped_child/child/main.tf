variable "name" {
  type = string
}

locals {
  missing = var.undeclared # ERROR: Reference to undeclared input variable
  bad_sum = 1 + "two"      # ERROR: Invalid operand
}

output "upper" {
  value = upper(var.name)
}
