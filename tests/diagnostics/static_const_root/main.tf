# A const root variable needs a value before anything is planned: from
# its default, tfvars files, -var or the environment.
variable "with_default" {
  const   = true
  default = "./child"
}

variable "from_tfvars" {
  const = true
}

variable "missing" {  # ERROR: Failed to request input from user for variable var.missing
  const = true
}

variable "never" {
  const   = false
  default = "./child"
}

variable "plain" {
  default = "./child"
}

locals {
  through_local = var.never  # ERROR: Unable to use variable in static context
}

module "from_default" {
  source = var.with_default
}

module "from_tfvars" {
  source = var.from_tfvars
}

module "not_const" {
  source = var.never  # ERROR: Unable to use variable in static context
}

module "not_const_through_local" {
  source = local.through_local  # ERROR: Unable to compute static value
}

module "plain" {
  source = var.plain
}
