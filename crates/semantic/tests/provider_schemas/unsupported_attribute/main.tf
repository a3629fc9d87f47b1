terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

resource "docker_image" "img" {
  name = "nginx"
}

resource "docker_container" "web" {
  name  = "web"
  image = docker_image.img.image_idd
}

resource "docker_container" "many" {
  count = 2
  name  = "many-${count.index}"
  image = docker_image.img.image_id
}

resource "docker_container" "each" {
  for_each = toset(["a"])
  name     = each.key
  image    = docker_image.img.image_id
}

data "docker_network" "bridge" {
  name = "bridge"
}

locals {
  typo       = docker_container.web.exitcode
  nested     = docker_container.web.healthcheck[0].intervals
  nested_ok  = docker_container.web.healthcheck[0].interval
  counted    = docker_container.many[0].nope
  unkeyed    = docker_container.many.nope
  each       = docker_container.each["a"].nope
  data       = data.docker_network.bridge.drivr
  caught     = try(docker_container.web.nope, "fallback")
  can        = can(docker_container.web.nope)
  splat      = docker_container.many[*].nope
  attr_ok    = docker_container.web.network_data[0].ip_address
  depends_ok = docker_container.web
}

resource "docker_volume" "counted" {
  count = 2
  name  = docker_container.many[count.index].nope
}

resource "docker_volume" "v" {
  name       = "v"
  depends_on = [docker_container.web]
}
