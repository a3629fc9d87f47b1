variable "flavor" {}

module "inner" {
  source = "./${var.flavor}"
}
