# A `for` expression gives an object or a tuple when its collection is
# known, and an unknown of dynamic type when it is not; so do `count` and
# `for_each` instances. Nothing some value of them would accept is an
# error; what no value of them would accept still is.

variable "context" {
  type = map(map(string))
}

variable "names" {
  type = list(string)
}

module "keyed" {
  source   = "./child"
  for_each = var.context
}

module "counted" {
  source = "./child"
  count  = length(var.names)
}

locals {
  # An object takes any default, where a map would need its element type.
  ctx         = { for k, v in var.context : k => { for k2, v2 in v : k2 => v2 } }
  got         = lookup(local.ctx, "key", "default")
  lengths     = lookup({ for k, v in var.context : k => length(v) }, "a", "none")
  merged      = merge({ for k, v in var.context : k => 1 }, { other = "x" }).other
  instance    = lookup(module.keyed, "a", {})
  listed      = concat([for n in var.names : n], [1, true])
  first_id    = module.counted[0].id
  keyed_id    = module.keyed["a"].id
  grouped     = { for n in var.names : n => n... }["a"][0]
  through_var = local.ctx["a"]["b"]
  zipped      = lookup(zipmap(keys(var.context), [for v in values(var.context) : length(v)]), "k", "s")
  by_name     = lookup({ for n in var.names : n => { name = n } }, "k", { other = 1 })
}

locals {
  # A tuple is never a number, an object never a string, and neither has
  # attributes of its elements.
  number = [for n in var.names : n] + 1              # ERROR: Invalid operand
  upper  = upper({ for n in var.names : n => n })    # ERROR: Invalid function argument
  attr   = [for n in var.names : upper(n)].length    # ERROR: Unsupported attribute
  index  = { for n in var.names : n => n }["a"].size # ERROR: Unsupported attribute
}
