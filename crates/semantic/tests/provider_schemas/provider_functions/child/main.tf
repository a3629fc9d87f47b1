terraform {
  required_providers {
    files = {
      source = "hashicorp/local"
    }
  }
}

variable "names" {
  type = list(string)
}

output "exists" {
  value = provider::files::direxists("/")
}

output "not_required_here" {
  value = provider::local::direxists("/")
}
