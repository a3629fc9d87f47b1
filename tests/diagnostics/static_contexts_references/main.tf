# Each static context rejects every kind of reference that needs state,
# directly or several locals away.
data "aws_regions" "all" {}

module "m" {
  source = "./child"
}

locals {
  via_module = module.m.regions # ERROR: Module output not supported in static context
  via_data   = local.data_step # ERROR: Unable to compute static value
  data_step  = data.aws_regions.all.names # ERROR: Dynamic value in static context
}

provider "aws" {
  alias    = "from_module"
  for_each = toset(local.via_module) # ERROR: Unable to compute static value
}

provider "aws" {
  alias    = "from_data"
  for_each = toset(local.via_data) # ERROR: Unable to compute static value
}

provider "aws" {
  alias    = "from_function"
  for_each = provider::aws::regions() # ERROR: Provider function in static context
}

module "version_applying" {
  source  = "hashicorp/consul/aws"
  version = tofu.applying ? "1.0.0" : "2.0.0" # ERROR: Invalid attribute in static context
}

terraform {
  backend "s3" { # ERROR: Unable to compute static value
    bucket = local.via_data
  }

  encryption {
    key_provider "pbkdf2" "main" {
      passphrase = tofu.applying ? "a" : "b" # ERROR: Invalid attribute in static context
    }
  }
}
