terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

provider "docker" {
  alias   = "remote"
  hots    = "tcp://remote:2376"
  version = "3.0.2"

  registry_auth {
    username = "user"
  }

  ssh {
  }
}

provider "docker" {
  alias = "empty"
}

resource "docker_image" "x" {
  provider = docker.remote
  name     = "nginx"
}
