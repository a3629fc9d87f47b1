# tflint's recommended terraform rules, each found once and each form
# that is fine left alone.

terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = { # WARNING: Missing provider requirement
      source = "hashicorp/aws"
    }
    random = {
      source  = "hashicorp/random"
      version = "~> 3.0"
    }
    google = { # with remote calls below, any of them may use it
      source  = "hashicorp/google"
      version = "~> 5.0"
    }
  }
}

variable "untyped" {} # WARNING: Variable without a type

variable "names" {
  type = list(string)
}

variable "unused" { # WARNING: Unused declaration
  type = string
}

variable "validated" { # WARNING: Unused declaration
  type = number
  validation {
    condition     = var.validated > 0
    error_message = "Must be positive."
  }
}

locals {
  unused  = 1                             # WARNING: Unused declaration
  wrapped = "${var.names[0]}"             # WARNING: Interpolation-only expression
  legacy  = var.names.0                   # WARNING: Legacy index syntax
  looked  = lookup({ a = 1 }, "a")        # WARNING: Lookup without a default
  empty   = var.names == []               # WARNING: Comparison with an empty list
  listed  = var.untyped.*.id              # WARNING: Legacy index syntax
  # Fine: a template with more than the interpolation, a full splat, an
  # index, lookup with a default, a comparison with a length.
  fine = [
    "${var.names[0]}-x",
    var.names[*],
    var.names[0],
    lookup({ a = 1 }, "a", 2),
    length(var.names) == 0,
  ]
}

data "aws_ami" "never" {} # WARNING: Unused declaration

data "aws_ami" "used" {}

resource "aws_instance" "web" {
  ami  = data.aws_ami.used.id
  tags = { a = local.wrapped, b = local.legacy, c = local.looked, d = local.empty, e = local.listed, f = local.fine }
}

resource "random_id" "x" {
  byte_length = 8
}

resource "azurerm_group" "x" {} # WARNING: Missing provider requirement

module "local" {
  source = "./child"
}

module "git" { # WARNING: Module source not pinned
  source = "git::https://example.com/network.git"
}

module "branch" { # WARNING: Module source not pinned
  source = "github.com/example/network?ref=main"
}

module "tagged" {
  source = "git::https://example.com/network.git?ref=v1.2.0"
}

module "registry" { # WARNING: Module version not set
  source = "terraform-aws-modules/vpc/aws"
}

module "versioned" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.0"
}
