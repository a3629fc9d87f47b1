module "naming" {
  source = "./modules/naming"

  project     = var.project
  environment = var.environment
  tags        = var.tags
}

module "network" {
  source = "./modules/network"

  name    = module.naming.prefix
  cidr    = var.network.cidr
  zones   = var.network.zones
  subnets = var.network.subnets
  tags    = module.naming.tags
}

module "service" {
  source   = "./modules/service"
  for_each = var.services

  name        = each.key
  project     = var.project
  environment = var.environment
  image       = each.value.image
  replicas    = local.replicas[each.key]
  ports       = each.value.ports
  env         = merge(local.common_env, each.value.env)
  subnet      = module.network.subnets[each.value.subnet]
  tags        = merge(var.tags, { service = each.key })

  depends_on = [terraform_data.release]
}

locals {
  # Production runs at least two replicas of everything.
  replicas = {
    for name, service in var.services :
    name => var.environment == "prod" ? max(service.replicas, 2) : service.replicas
  }

  public_services = sort([for name, service in var.services : name if service.public])

  common_env = {
    PROJECT     = var.project
    ENVIRONMENT = upper(var.environment)
    LOG_LEVEL   = lookup({ prod = "warn", staging = "info" }, var.environment, "debug")
  }

  alert_recipients = length(var.admins) > 0 ? join(", ", sort(var.admins)) : "nobody"

  release_notes = <<-EOT
    Release of ${var.project} to ${var.environment}.
    %{~for name in keys(var.services)}
    - ${name}: ${local.replicas[name]} replica(s)
    %{~endfor}
    Alerts go to ${local.alert_recipients}.
  EOT
}

resource "terraform_data" "release" {
  input = {
    project     = var.project
    environment = var.environment
    services    = keys(var.services)
    notes       = local.release_notes
  }

  triggers_replace = [sha1(jsonencode(local.replicas))]

  lifecycle {
    precondition {
      condition     = var.environment != "prod" || length(var.admins) > 0
      error_message = "Production needs at least one admin to receive alerts."
    }
  }
}

# The release marker was called "deploy" before.
moved {
  from = terraform_data.deploy
  to   = terraform_data.release
}

check "public_services_listen" {
  assert {
    condition     = alltrue([for name in local.public_services : length(var.services[name].ports) > 0])
    error_message = "Every public service must listen on at least one port."
  }
}
