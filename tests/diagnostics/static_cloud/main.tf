# A cloud block is a backend named "cloud", without a place of its own.
resource "terraform_data" "r" {}

terraform {
  cloud {
    organization = terraform_data.r.id  # ERROR: Dynamic value in static context
  }
}
