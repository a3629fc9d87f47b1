# Variables read where a constant is expected (module sources and
# versions, the backend), directly or through locals, without being
# declared `const = true`.

variable "env" { # WARNING: Variable used where a constant is expected
  type    = string
  default = "prod"
}

variable "ver" { # WARNING: Variable used where a constant is expected
  type    = string
  default = "1.0.0"
}

variable "region" {
  type    = string
  const   = true
  default = "x"
}

variable "bucket" { # WARNING: Variable used where a constant is expected
  type    = string
  default = "state"
}

variable "other" {
  type    = string
  default = "o"
}

terraform {
  backend "local" {
    path = "${var.bucket}.tfstate"
  }
}

locals {
  dir  = "./modules/${local.name}"
  name = var.env
}

module "a" {
  source = local.dir
}

module "b" {
  source  = "hashicorp/consul/aws"
  version = var.ver
}

module "c" {
  source = "./modules/${var.region}"
}

output "other" {
  value = var.other
}
