locals {
  # tofu console shows this error, warns, and still starts.
  broken = tonumber("x")
  fine   = 2
}

module "child" {
  source = "./modules/child"
}
