resource "terraform_data" "r" {}

locals {
  regions = ["eu-west-1", "us-east-1"]
}

provider "aws" {
  alias    = "static"
  for_each = toset(local.regions)
}

provider "aws" {
  alias    = "dynamic"
  for_each = toset([terraform_data.r.id])  # ERROR: Dynamic value in static context
}
