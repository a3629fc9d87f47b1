locals {
  # Subnets are spread over the zones by their number.
  subnets = {
    for name, subnet in var.subnets : name => {
      cidr   = cidrsubnet(var.cidr, subnet.newbits, subnet.netnum)
      zone   = element(var.zones, subnet.netnum)
      public = subnet.public
      tags   = merge(var.tags, subnet.tags, { Name = "${var.name}-${name}" })
    }
  }

  public_subnets = sort([for name, subnet in local.subnets : name if subnet.public])

  route_table = jsonencode({
    name = "${var.name}-routes"
    routes = concat(
      [{ destination = var.cidr, target = "local" }],
      length(local.public_subnets) > 0 ? [{ destination = "0.0.0.0/0", target = "gateway" }] : [],
    )
  })
}

resource "terraform_data" "zone" {
  count = length(var.zones)

  input = {
    name  = format("%s-%s", var.name, var.zones[count.index])
    index = count.index
  }
}

resource "terraform_data" "subnet" {
  for_each = local.subnets

  input            = merge(each.value, { routes = local.route_table })
  triggers_replace = [each.value.cidr, each.value.zone]

  depends_on = [terraform_data.zone]

  lifecycle {
    create_before_destroy = true

    postcondition {
      condition     = self.output.cidr == each.value.cidr
      error_message = "The subnet record does not match its CIDR."
    }
  }
}
