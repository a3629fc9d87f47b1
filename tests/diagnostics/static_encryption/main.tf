variable "passphrase" {
  default = "correct-horse-battery-staple"
}

resource "terraform_data" "r" {}

terraform {
  encryption {
    key_provider "pbkdf2" "static" {
      passphrase = var.passphrase
    }
    key_provider "pbkdf2" "dynamic" {
      passphrase = terraform_data.r.id  # ERROR: Dynamic value in static context
    }
    method "aes_gcm" "main" {
      keys = key_provider.pbkdf2.static
    }
    method "aes_gcm" "other" {
      keys = module.keys.provider  # ERROR: Module output not supported in static context
    }
    state {
      method = method.aes_gcm.main
    }
  }
}
