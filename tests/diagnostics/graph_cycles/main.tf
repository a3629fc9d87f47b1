# whole-module reference in own argument
module "w" {
  source = "./m"
  x = module.w
}
# count on module referencing its own output
module "c" {
  source = "./m"
  count = length(module.c)
  x = 1
}
# depends_on a resource that uses the module's output
module "d" {
  source = "./m"
  x = 1
  depends_on = [terraform_data.d]
}
resource "terraform_data" "d" {
  input = module.d.y
}
# nested module
module "n" {
  source = "./n"
  v = local.nv
}
locals {
  nv = module.n.o
}
# data source + output precondition
data "external" "s" {
  program = ["true"]
  query = { path = local.sp }
}
locals {
  sp = data.external.s.result.p
}
# resource for_each and depends_on
resource "terraform_data" "e" {
  for_each = terraform_data.f.output
}
resource "terraform_data" "f" {
  depends_on = [terraform_data.e]
}
# No cycles: chains through modules, whole-module references and
# references to a module's own resources from its provisioners.
module "first" {
  source = "./m"
  x      = 1
}
module "second" {
  source     = "./m"
  x          = module.first.y
  depends_on = [module.first]
}
resource "terraform_data" "g" {
  input = module.second
  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
}
locals {
  self_free = terraform_data.g.id
}
# A variable's validation rules are a vertex of their own that references
# to the variable reach.
variable "v" {
  type = string
  validation {
    condition     = var.v != local.vv
    error_message = "bad"
  }
}
locals {
  vv = var.v
}
