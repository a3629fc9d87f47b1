variable "sizes" { # ERROR: Invalid value for input variable
  type = map(number)
}

output "summary" {
  value = { count = length(var.sizes) }
}
