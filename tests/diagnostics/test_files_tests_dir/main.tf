variable "name" {
  type = string
}

locals {
  upper = upper(var.name)
}

resource "terraform_data" "this" {
  count = 2
  input = var.name
}

module "child" {
  source = "./child"
}

output "name" {
  value = local.upper
}
