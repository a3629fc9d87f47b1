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

provider "docker" {
  host = "unix:///var/run/docker.sock"

  registry_auth {
    address  = "registry.example.com"
    username = "user"
    password = "secret"
  }
}

resource "docker_image" "web" {
  name         = "nginx:latest"
  keep_locally = true
}

resource "docker_container" "web" {
  count    = 2
  name     = "web-${count.index}"
  image    = docker_image.web.image_id
  memory   = 512
  env      = ["A=1", "B=2"]
  log_opts = { max-size = "10m" }
  command  = ["nginx", "-g", "daemon off;"]

  dynamic "ports" {
    for_each = var.ports
    content {
      internal = ports.value
      external = ports.value + 8000
    }
  }

  healthcheck {
    test     = ["CMD", "curl", "-f", "http://localhost"]
    interval = "30s"
    retries  = 3
  }

  labels {
    label = "app"
    value = "web"
  }

  labels {
    label = "tier"
    value = "front"
  }

  volumes {
    container_path = "/data"
    host_path      = "/srv/data"
    read_only      = true
  }

  lifecycle {
    ignore_changes = [env]
  }
}

resource "docker_service" "svc" {
  for_each = toset(["a", "b"])
  name     = each.key

  task_spec {
    container_spec {
      image = "nginx"
      env   = { A = "1" }
    }
  }

  mode {
    replicated {
      replicas = 2
    }
  }
}

data "docker_network" "bridge" {
  name = "bridge"
}

output "ids" {
  value = docker_container.web[*].id
}
