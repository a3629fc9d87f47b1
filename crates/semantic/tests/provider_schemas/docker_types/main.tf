terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

resource "docker_container" "web" {
  name     = "web"
  image    = ["nginx"]
  memory   = "lots"
  must_run = "maybe"
  env      = "A=1"
  log_opts = ["x"]
  command  = compact(["a", ""])
  hostname = upper(["a"])
  dns      = [{ a = 1 }]

  ports {
    internal = "eighty"
  }
}

resource "docker_volume" "ok" {
  name   = 42
  driver = true
}
