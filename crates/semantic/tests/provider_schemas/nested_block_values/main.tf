# A plan knows configured nested blocks: the provider plans them from the
# configuration (computed attributes unknown). Blocks the configuration
# leaves out, or that dynamic blocks generate, stay unknown: the provider
# may compute them.
terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

resource "docker_container" "web" {
  name  = "web"
  image = "nginx"

  ports {
    internal = 80
    external = 8080
  }
  ports {
    internal = 443
  }
}

locals {
  count_known  = length(docker_container.web.ports) == 2 ? "two" : 2
  external     = docker_container.web.ports[0].external + 1
  computed_ext = docker_container.web.ports[1].external
  past_the_end = docker_container.web.ports[2].internal
  left_out     = docker_container.web.healthcheck[0].interval
}

output "numbers" {
  value = [local.external, local.computed_ext, local.left_out]
}

output "string" {
  value = local.count_known
}

output "past" {
  value = local.past_the_end
}
