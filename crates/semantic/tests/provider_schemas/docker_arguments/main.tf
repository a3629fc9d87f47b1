terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

resource "docker_container" "web" {
  name   = "web"
  imag   = "nginx"
  memroy = 512
  bogus  = true
  ports  = []
}

resource "docker_image" "missing_name" {
  keep_locally = true
}
