terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

variable "ports" {
  type    = list(number)
  default = [80, 443]
}

resource "docker_image" "img" {
  name = "nginx:latest"
}

resource "docker_container" "web" {
  count = 2
  name  = "web-${count.index}"
  image = docker_image.img.image_id

  dynamic "ports" {
    for_each = var.ports
    content {
      internal = ports.value
      external = ports.value + 8000
    }
  }
}

resource "docker_container" "each" {
  for_each = toset(["a", "b"])
  name     = each.key
  image    = docker_image.img.image_id
  hostname = docker_container.web[0].hostname
  memory   = length(docker_container.web) * 256
  env      = [for c in docker_container.web : "PEER=${c.name}"]
}

data "docker_network" "bridge" {
  name = "bridge"
}

locals {
  ips        = docker_container.web[*].network_data[0].ip_address
  codes      = [for c in docker_container.web : c.exit_code + 1]
  names      = { for k, c in docker_container.each : k => upper(c.name) }
  first_port = docker_container.web[0].ports[0].external
  whole      = docker_container.web[0]
  tried      = try(docker_container.web[0].network_data[5].ip_address, "none")
  bridges    = join(",", docker_container.web[*].bridge)
  driver     = data.docker_network.bridge.driver
  volume     = docker_volume.json.mountpoint
}

module "names" {
  source = "./modules/names"
  names  = docker_container.web[*].name
}

output "ips" {
  value = local.ips
}

output "whole" {
  value = local.whole
}

output "summary" {
  value = "${local.bridges} ${local.tried} ${local.driver} ${local.volume} ${module.names.first}"
}

output "codes" {
  value = [for c in local.codes : c * 2]
}
