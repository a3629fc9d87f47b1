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

  healthcheck {
    test = ["CMD", "true"]
  }

  healthcheck {
    test = ["CMD", "false"]
  }

  port {
    internal = 80
  }

  ports {
    external = 8080
  }

  labels "extra" {
    label = "a"
    value = "b"
  }

  image {
  }
}

resource "docker_service" "svc" {
  name = "svc"
}

resource "docker_service" "no_container" {
  name = "svc2"

  task_spec {
  }
}
