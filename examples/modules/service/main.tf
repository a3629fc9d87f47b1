module "naming" {
  source = "../naming"

  project     = var.project
  environment = var.environment
  component   = var.name
  tags        = var.tags
}

locals {
  name      = module.naming.prefix
  image_tag = try(regex(":([^:/]+)$", var.image)[0], "latest")
  listeners = { for listener in var.ports : "${listener.protocol}-${listener.port}" => listener }

  # The first addresses of a subnet are reserved by most clouds.
  hosts = [for index in range(var.replicas) : cidrhost(var.subnet.cidr, index + 10)]

  config = templatefile("${path.module}/templates/config.tftpl", {
    name      = local.name
    image     = var.image
    env       = var.env
    listeners = values(local.listeners)
  })
}

resource "terraform_data" "instance" {
  count = var.replicas

  input = {
    name   = "${local.name}-${count.index + 1}"
    host   = local.hosts[count.index]
    zone   = var.subnet.zone
    subnet = var.subnet.id
    config = local.config
    tags   = module.naming.tags
  }

  lifecycle {
    create_before_destroy = true

    precondition {
      condition     = local.image_tag != "latest"
      error_message = "Pin the image to a tag other than latest."
    }
  }
}

resource "terraform_data" "listener" {
  for_each = local.listeners

  input = {
    service  = local.name
    port     = each.value.port
    protocol = upper(each.value.protocol)
    targets  = terraform_data.instance[*].id
  }

  lifecycle {
    replace_triggered_by = [terraform_data.instance]
  }
}
