# Backend arguments are evaluated statically.
variable "bucket" {
  default = "state"
}

resource "terraform_data" "r" {}

locals {
  key = "${var.bucket}/${terraform_data.r.id}"
}

terraform {
  backend "s3" {
    bucket = var.bucket
    key    = local.key
    region = data.aws_region.current.name  # ERROR: Dynamic value in static context # ERROR: Reference to undeclared resource
  }
}
