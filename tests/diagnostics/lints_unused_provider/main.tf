# A requirement is used by the module's resources and provider
# configurations, and by the modules it calls (which use its default
# configurations).
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
    random = {
      source  = "hashicorp/random"
      version = "~> 3.0"
    }
    tls = {
      source  = "hashicorp/tls"
      version = "~> 4.0"
    }
    google = { # WARNING: Unused required provider
      source  = "hashicorp/google"
      version = "~> 5.0"
    }
  }
}

provider "tls" {}

resource "random_id" "x" {
  byte_length = 8
}

module "wrapped" {
  source = "./wrapped"
}
