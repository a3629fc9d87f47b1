# A tree every lint is content with: nothing to report.

terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "region" {
  type = string
}

provider "aws" {
  region = var.region
}

module "net" {
  source = "./net"
  cidr   = "10.0.0.0/16"
}

output "id" {
  value = module.net.id
}
