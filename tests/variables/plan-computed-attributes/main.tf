# Without the provider's schema, an argument a resource or data source
# leaves unset, or sets to null, may be one the provider computes: a plan
# knows it only as unknown, never as null.

variable "region" {
  type    = string
  default = null
}

data "aws_region" "current" {
  count = 1

  region = var.region
}

data "aws_availability_zones" "available" {}

resource "aws_iam_role" "this" {
  name        = var.region
  description = null
}

resource "aws_eks_cluster" "this" {
  name = "x"

  kubernetes_network_config {
    ip_family = "ipv4"
  }
}

locals {
  # Set to null, read through `try` in a template: unknown, not null.
  arn = "arn:aws:logs:${try(data.aws_region.current[0].region, "")}:log-group"
  # Set to null, read directly.
  name = "role-${aws_iam_role.this.name}-${aws_iam_role.this.description}"
  # Not set at all.
  id = "role-${aws_iam_role.this.unique_id}"
}

# Data sources are read during the plan: their attributes are known then.
resource "aws_subnet" "per_zone" {
  count = length(data.aws_availability_zones.available.names)
}

# A nested block is configuration: the plan knows what it sets.
resource "aws_iam_role_policy_attachment" "cni" {
  for_each = { for k, v in { ipv4 = "a", ipv6 = "b" } : k => v if aws_eks_cluster.this.kubernetes_network_config[0].ip_family == k }
}

# Real errors stay: an attribute only apply knows cannot size `count`,
resource "aws_subnet" "from_apply_time" {
  count = length(aws_iam_role.this.arn)
}

# and a null the configuration itself puts in a template is an error.
output "null_in_template" {
  value = "region-${var.region}"
}

# Whole resources passed on: their attributes are unknown wherever they
# are read, in this module or in a caller.
resource "aws_iam_role" "other" {
  name = "other"
}

module "cluster" {
  source = "./cluster"
}

locals {
  role     = aws_iam_role.other
  endpoint = "https://${module.cluster.cluster.endpoint}"
  region   = "r-${module.cluster.region.name}"
  unique   = "id-${local.role["unique_id_by_key"]}"
}

output "values" {
  value = [local.arn, local.name, local.id, local.endpoint, local.region, local.unique]
}
