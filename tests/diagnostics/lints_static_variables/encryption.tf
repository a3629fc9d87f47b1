# The root module's encryption configuration is a static context too.

variable "passphrase" { # WARNING: Variable used where a constant is expected
  type    = string
  default = "correct-horse-battery-staple"
}

terraform {
  encryption {
    key_provider "pbkdf2" "main" {
      passphrase = var.passphrase
    }
    method "aes_gcm" "main" {
      keys = key_provider.pbkdf2.main
    }
  }
}
