locals {
  x = 1
}

output "o" {
  value = local.y * 2
}

output "p" {
  value = local.x + "b" # ERROR: Invalid operand
}

module "child2" {
  n = 3
}

resource "terraform_data" "r" {
  input            = 2
  triggers_replace = 1 + "c" # ERROR: Invalid operand
}

output "q" {
  # References in override files are checked as the merged configuration's.
  value = local.nope # ERROR: Reference to undeclared local value
}

# Its `setting` blocks replace the primary ones; `other` stays.
resource "t_thing" "n" {
  setting {
    v = 2 + "b" # ERROR: Invalid operand
  }
}

resource "t_thing" "counted" {
  count = 2
}
