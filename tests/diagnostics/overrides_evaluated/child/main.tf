variable "n" { # ERROR: Invalid value for input variable
  type = string
}

output "doubled" {
  value = var.n * 2
}
