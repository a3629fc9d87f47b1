variable "name" {
  type = string
}

locals {
  upper = upper(var.name)
}

resource "terraform_data" "this" {
  input = var.name
}

output "name" {
  value = terraform_data.this.output
}
