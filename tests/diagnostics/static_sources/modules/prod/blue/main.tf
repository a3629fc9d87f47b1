# Reached through two evaluated sources: a child, whose backend is ignored.
terraform {
  backend "local" {}  # WARNING: Backend configuration ignored
}
