# Only variables, locals, path and terraform.workspace may be used in a
# static context; anything else is an error at the reference, with the
# follow-on at every local and context between.
resource "terraform_data" "r" {}

data "terraform_remote_state" "d" {
  backend = "local"
}

module "m" {
  source = "./child"
}

locals {
  chain_a = local.chain_b  # ERROR: Unable to compute static value
  chain_b = local.chain_c  # ERROR: Unable to compute static value
  chain_c = terraform_data.r.output  # ERROR: Dynamic value in static context

  circ_a = local.circ_b  # ERROR: Circular reference # ERROR: Unable to compute static value
  circ_b = local.circ_a

  fine = "${path.module}/child${terraform.workspace == "default" ? "" : "/other"}"
}

module "resource" {
  source = terraform_data.r.output  # ERROR: Dynamic value in static context
}

module "data" {
  source = data.terraform_remote_state.d.outputs.dir  # ERROR: Dynamic value in static context
}

module "output" {
  source = module.m.out  # ERROR: Module output not supported in static context
}

module "whole_module" {
  source = module.m  # ERROR: Dynamic value in static context
}

module "counted" {
  count  = 1
  source = "./child${count.index}"  # ERROR: Dynamic value in static context
}

module "each" {
  for_each = toset(["a"])
  source   = "./child/${each.key}"  # ERROR: Dynamic value in static context
}

module "self" {
  source = self.dir  # ERROR: Dynamic value in static context # ERROR: Invalid "self" reference
}

module "provider_function" {
  source = provider::aws::arn_parse("x")  # ERROR: Provider function in static context
}

module "applying" {
  source = tofu.applying ? "./child" : "./other"  # ERROR: Invalid attribute in static context
}

module "chain" {
  source = local.chain_a  # ERROR: Unable to compute static value
}

module "circular" {
  source = local.circ_a  # ERROR: Unable to compute static value
}

module "version" {
  source  = "hashicorp/consul/aws"
  version = terraform_data.r.output  # ERROR: Dynamic value in static context
}

module "fine" {
  source = local.fine
}
