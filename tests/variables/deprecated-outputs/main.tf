# OpenTofu's e2e fixture consolidated-warnings-for-deprecated-marks, and
# the wordings for a deprecated output inside a larger value.
module "call" {
  source = "./mod1"
  input  = "test"
  input2 = "test2"
}

module "second_call" {
  source = "./mod1"
  input  = "test"
  input2 = "test2"
}

locals {
  i1 = module.call.modout1
  i2 = module.call.modout2
  i3 = module.second_call.modout1
  i4 = module.second_call.modout2
  i5 = module.call.modout1
  i6 = module.call.modout2
}

variable "input" {
  default    = "root-module"
  deprecated = "This is a deprecated variable from the root module"
}

# The mark is reported where an expression uses it, and not downstream.
locals {
  nested     = { a = [module.call.plain, module.call.modout1] }
  whole      = module.call
  downstream = local.i1
  fine       = module.call.plain
}

output "derived" {
  value = upper(module.second_call.modout2)
}

# A resource's arguments are read as a body: "This value", at the argument.
resource "t_thing" "r" {
  tags = { a = module.second_call.modout1 }
}
