# What `validate` finds by evaluating: expressions over literals and
# locals, module call arguments against the child's variables, child
# validation rules over known arguments, and known count and for_each
# values. Root variables, module outputs and resources are unknown.

variable "unknown_here" {
  type = string
}

variable "token" {
  type      = string
  ephemeral = true
}

locals {
  base    = "abc"
  bad_sum = 1 + local.base # ERROR: Invalid operand
  fine    = var.unknown_here + 1
  index   = ["a", "b"][5] # ERROR: Invalid index
}

module "child" {
  source    = "./child"
  port      = "eighty"
  size      = 0             # ERROR: Invalid value for variable
  old_name  = "x"           # WARNING: Variable marked as deprecated by the module author
  from_root = var.unknown_here
}

module "ephemeral_argument" {
  source    = "./child"
  port      = 80
  size      = 1
  from_root = var.token # ERROR: Variable does not allow ephemeral value
}

module "counted" {
  source    = "./child"
  count     = -1 # ERROR: Invalid count argument
  port      = 80
  size      = count.index
  from_root = "x" # ERROR: Invalid value for variable
}

module "each_tuple" {
  source    = "./child"
  for_each  = ["a"] # ERROR: Invalid for_each argument
  port      = 80
  size      = 1
  from_root = each.key
}

resource "null_resource" "each_numbers" {
  for_each = toset([1, 2]) # ERROR: Invalid for_each argument
}

resource "null_resource" "text_count" {
  count = "many" # ERROR: Incorrect value type
}

resource "aws_db_instance" "db" {
  password    = var.token # ERROR: Ephemeral value used in non-ephemeral context
  password_wo = var.token
}

ephemeral "random_password" "p" {
  keepers = var.token
}

resource "null_resource" "args" {
  triggers = {
    sum = local.base * 2 # ERROR: Invalid operand
  }
}

output "joined" {
  value = join(",", local.base) # ERROR: Invalid function argument
}
