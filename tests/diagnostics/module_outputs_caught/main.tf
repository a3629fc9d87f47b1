# A module call's missing output is an evaluation error (OpenTofu checks
# only that the call exists before it evaluates): `try` and `can` catch
# it. What OpenTofu checks before evaluating stays an error inside them.

module "sa" {
  source = "./sa"
}

module "counted" {
  source = "./sa"
  count  = 2
}

resource "aws_instance" "one" {}

locals {
  caught = try(module.sa.emails["k"], null)
  can    = can(module.sa.emails)
  nested = try("${upper(module.sa.emails)}-x", [for e in module.counted.emails : e], "none")
  core   = core::try(module.counted.email, null)
  later  = try(null, module.sa.emails)

  # Outside `try` and `can`, the same references are errors.
  missing  = module.sa.emails # ERROR: Unsupported attribute
  listwise = module.counted.email # ERROR: Unsupported attribute

  # Checked before evaluation: `try` does not catch these.
  undeclared_variable = try(var.nope, null) # ERROR: Reference to undeclared input variable
  undeclared_local    = try(local.nope, null) # ERROR: Reference to undeclared local value
  undeclared_module   = can(module.nope.x) # ERROR: Reference to undeclared module
  undeclared_resource = try(aws_instance.nope.id, null) # ERROR: Reference to undeclared resource
  unexpected_key      = try(aws_instance.one[0].id, null) # ERROR: Unexpected resource instance key
  no_count            = try(count.index, 0) # ERROR: Reference to "count" in non-counted context
}

output "values" {
  value = [local.caught, local.can, local.nested, local.core, local.later, local.missing, local.listwise]
}

output "checked" {
  value = [local.undeclared_variable, local.undeclared_local, local.undeclared_module, local.undeclared_resource, local.unexpected_key, local.no_count]
}
