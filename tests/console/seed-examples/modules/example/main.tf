variable "name_prefix" {
  type = string
}

output "name" {
  value = "${var.name_prefix}-server"
}

output "path" {
  value = path.module
}
