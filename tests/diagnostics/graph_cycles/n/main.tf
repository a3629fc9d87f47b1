variable "v" {}
module "inner" {
  source = "../m"
  x = var.v
}
output "o" { value = module.inner.y }
