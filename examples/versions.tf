terraform {
  # terraform_data and optional() defaults need OpenTofu 1.6 or Terraform 1.4.
  required_version = ">= 1.6.0"
}
