resource "terraform_data" "r" {}

locals {
  through = terraform_data.r.id  # ERROR: Dynamic value in static context
}

module "static_argument" {
  source = "./child"
  region = "eu-west-1"
}

module "dynamic_argument" {  # ERROR: Unable to compute static value
  source = "./child"
  region = local.through  # ERROR: Unable to compute static value
}

module "missing_argument" {  # ERROR: Missing required argument # ERROR: Missing required variable in module call # ERROR: Unable to compute static value
  source = "./child"
}
