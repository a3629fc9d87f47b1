variable "zones" {
  type = list(string)
}

variable "replicas" {
  type = number
}

variable "anything" {
  type = any
}

resource "null_resource" "made" {
  triggers = {
    fixed = "known"
  }
}

data "external" "read" {
  program = ["echo"]
}

# Known values expand.
resource "null_resource" "per_zone" {
  for_each = toset(var.zones)
}

# A tuple is not a set: an error only the value shows.
resource "null_resource" "listed" {
  for_each = var.anything
}

resource "null_resource" "negative" {
  count = var.replicas - 5
}

# A configured attribute is known at plan time; one the configuration
# does not set is not, and OpenTofu cannot expand over it.
resource "null_resource" "from_configured" {
  count = length(null_resource.made.triggers)
}

resource "null_resource" "from_apply_time" {
  count = length(null_resource.made.id)
}

locals {
  ids = toset([null_resource.made.id])
}

resource "null_resource" "through_local" {
  for_each = local.ids
}

# Data sources are read during the plan: never an error here.
resource "null_resource" "from_data" {
  count = length(data.external.read.result)
}

# A resource with for_each is an object of instances, not a list: a
# splat wraps it in a one-element tuple, whose element has no `id`.
output "splat_over_keys" {
  value = null_resource.per_zone[*].id
}
