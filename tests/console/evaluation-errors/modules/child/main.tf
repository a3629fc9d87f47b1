locals {
  bad = tonumber("y")
}

output "value" {
  value = upper("x")
}
