# Without "for_each", each.value has an error of its own; each.key keeps
# the one about the "each" object.

locals {
  value = each.value # ERROR: each.value cannot be used in this context
  key   = each.key   # ERROR: Reference to "each" in context without for_each
}

resource "terraform_data" "single" {
  input            = each.value # ERROR: each.value cannot be used in this context
  triggers_replace = each.key   # ERROR: Reference to "each" in context without for_each
}

resource "terraform_data" "counted" {
  count = 2
  input = [count.index, each.value] # ERROR: each.value cannot be used in this context
}

# The block's own for_each is evaluated without instance keys.
resource "terraform_data" "repeated" {
  for_each = toset([each.value]) # ERROR: each.value cannot be used in this context
  input    = [each.key, each.value]
}

data "terraform_remote_state" "state" {
  backend = "local"
  config = {
    path = each.value # ERROR: each.value cannot be used in this context
  }
}

output "value" {
  value = each.value # ERROR: each.value cannot be used in this context
}
