terraform {
  required_providers {
    local = {
      source = "hashicorp/local"
    }
  }
}

output "exists" {
  value = provider::local::direxists("/tmp")
}

output "missing_argument" {
  value = provider::local::direxists()
}
