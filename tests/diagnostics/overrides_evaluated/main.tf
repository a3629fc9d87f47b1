# Override files replace what evaluation reads: a local's expression, an
# output's arguments, a variable's type. The expressions they replace are
# not evaluated.
locals {
  x = "a"
  y = local.x + 1
}

output "o" {
  value = "a" + 1
}

output "p" {
  value = 1
}

module "child" {
  source = "./child"
  n      = "two"
}

module "child2" {
  source = "./child"
  n      = "three"
}

resource "terraform_data" "r" {
  input = "a" + 1
}

output "q" {
  value = 1
}

resource "t_thing" "n" {
  setting {
    v = "a" + 1
  }
  other {
    w = 1 + "c" # ERROR: Invalid operand
  }
}

# An override's `count` makes the resource a tuple of instances, with
# `count.index` in scope.
resource "t_thing" "counted" {
  index = count.index
}

output "counted" {
  value = t_thing.counted[0].id
}

output "uncounted" {
  value = t_thing.counted.id # ERROR: Missing resource instance key
}
