# Static types: errors every plan would report, found without values.

variable "names" {
  type = list(string)
}

variable "servers" {
  type = map(object({ size = number, zone = string }))
}

variable "anything" {
  type = any
}

module "network" {
  source = "./network"
  zones  = var.names
}

module "sizes" {
  source = "./sizes"
  # A list can never be a number (reported at the variable, as OpenTofu
  # reports it).
  count_of = [for s in var.names : upper(s)]
  # An output's type flows up to its callers: "ids" is a list.
  label = module.network.ids
  # An object attribute of the right type.
  first = var.servers["a"].size
}

locals {
  # The output is an object without "cidr".
  cidr = module.network.settings.cidr # ERROR: Unsupported attribute
  # Through locals: a map of lists of numbers is not a number.
  sizes_by_zone = { for name, s in var.servers : s.zone => s.size... }
  total         = local.sizes_by_zone + 1 # ERROR: Invalid operand
  # Through functions: merge keeps the attributes of both objects.
  merged      = merge(module.network.settings, { extra = true })
  from_merged = local.merged.missing # ERROR: Unsupported attribute
  # An arm a condition that is not known may not choose is not checked.
  either = var.anything ? local.merged.missing : ""
  # keys of a map is a list of strings.
  shouted = upper(keys(var.servers)) # ERROR: Invalid function argument
  # The body of a for over a collection that is not known is checked
  # against its element type.
  regions = [for s in var.servers : s.region] # ERROR: Unsupported attribute
  nested  = [for s in var.servers : [for n in var.names : n.length]] # ERROR: Unsupported attribute
  # So are templates' for directives and splats.
  listing = "%{for s in var.servers}${s.name}%{endfor}" # ERROR: Unsupported attribute
  splat   = values(var.servers)[*].name # ERROR: Unsupported attribute
  # A map of lists indexed by a string, then an attribute of a list.
  first_zone = local.sizes_by_zone["a"].size # ERROR: Unsupported attribute
}

# Never errors: what some value of the static types allows.
locals {
  from_any       = var.anything.foo.bar + 1
  from_resource  = aws_instance.web.private_ip + 1
  from_counted   = aws_instance.many[0].id
  from_for_each  = aws_instance.keyed["a"].arn
  map_key        = var.servers["nope"].size
  index_bound    = var.names[10]
  for_over_any   = [for x in var.anything : x.whatever]
  resource_attrs = [for i in aws_instance.many : i.some.nested[0]]
  number_string  = [for s in var.servers : "${s.size}-${s.zone}"]
  converted      = [for n in var.names : n + 1]
  output_ok      = module.network.settings.region
}

resource "aws_instance" "web" {}

resource "aws_instance" "many" {
  count = 2
}

resource "aws_instance" "keyed" {
  for_each = toset(["a"])
}

# each.value has the type of the for_each value's elements.
resource "aws_instance" "per_server" {
  for_each      = var.servers
  instance_type = each.value.type # ERROR: Unsupported attribute
  tags          = { zone = each.value.zone, key = each.key }
}
