variable "names" {
  type = list(string)
}

output "first" {
  value = var.names[0]
}
