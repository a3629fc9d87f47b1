terraform {
  required_providers {
    aws = {
      source = "hashicorp/aws"
    }
  }
}

variable "regions" { # ERROR: Failed to request input from user for variable var.regions
  type = set(string)
}

provider "aws" {
  alias    = "by_region"
  for_each = var.regions # ERROR: Unable to compute static value
  region   = each.value
}

provider "aws" {
  alias  = "single"
  region = "us-east-1"
}

resource "aws_instance" "ok" {
  for_each = var.regions
  provider = aws.by_region[each.key]
}

resource "aws_instance" "whole" {
  provider = aws.by_region # ERROR: Invalid resource provider configuration
}

resource "aws_instance" "not_instanced" {
  for_each = var.regions
  provider = aws.single[each.key] # ERROR: Invalid resource provider configuration
}

resource "aws_instance" "undeclared" {
  for_each = var.regions
  provider = aws.nowhere[each.key] # ERROR: Invalid resource provider configuration
}

module "child" {
  source   = "./child"
  for_each = var.regions
  providers = {
    aws             = aws.by_region[each.key]
    aws.other       = aws.by_region # ERROR: Invalid module provider configuration
  }
}
