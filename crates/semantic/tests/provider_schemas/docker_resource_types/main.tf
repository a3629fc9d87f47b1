terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

resource "docker_containr" "a" {
}

resource "docker_logs" "b" {
  name = "x"
}

data "docker_container" "c" {
  name = "x"
}

data "docker_nothing_like_it" "d" {
}

ephemeral "docker_image" "e" {
  name = "x"
}
