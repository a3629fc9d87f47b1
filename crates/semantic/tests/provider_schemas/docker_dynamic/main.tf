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

  dynamic "healthcheck" {
    for_each = [1, 2]
    content {
      test    = ["CMD"]
      retries = "three"
    }
  }

  dynamic "portz" {
    for_each = [80]
    content {
      internal = 80
    }
  }

  dynamic "ports" {
    for_each = [80]
    content {
      external = 80
      extra    = 1
    }
  }

  dynamic "labels" {
    for_each = { a = "b" }
    iterator = l
    content {
      label = l.key
      value = l.value

      dynamic "nested" {
        for_each = []
        content {}
      }
    }
  }
}
