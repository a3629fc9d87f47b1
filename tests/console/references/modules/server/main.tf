variable "label" {
  type = string
}

output "label" {
  value = upper(var.label)
}

output "path" {
  value = path.module
}
