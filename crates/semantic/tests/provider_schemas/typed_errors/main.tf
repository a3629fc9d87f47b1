terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

variable "sizes" {
  type    = list(number)
  default = [512]
}

resource "docker_container" "web" {
  name   = "web"
  image  = "nginx"
  memory = var.sizes
}

module "names" {
  source = "./modules/names"
  names  = docker_container.web.exit_code
}

locals {
  shout   = upper(docker_container.web.network_data)
  doubled = docker_container.web.must_run * 2
}

output "ports" {
  value = [for p in docker_container.web.ports : p.internal + "x"]
}
