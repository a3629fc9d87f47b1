# Module sources built from variables and locals are evaluated statically,
# so the tree follows them into the modules they name.
variable "env" {
  default = "prod"
}

locals {
  base   = "./modules"
  target = "${local.base}/${var.env}"
}

module "app" {
  source  = local.target
  flavor  = "blue"
  unknown = 1  # ERROR: Unsupported argument
}

module "by_function" {
  source = lower("./MODULES/${upper(var.env)}")
  flavor = "blue"
}
