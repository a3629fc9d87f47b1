terraform {
  required_providers {
    docker = {
      source = "kreuzwerker/docker"
    }
  }
}

resource "docker_secret" "token" {
  name = "token"
  data = base64encode("secret")
}

resource "docker_secret" "many" {
  count = 2
  name  = "many-${count.index}"
  data  = base64encode("secret")
}

output "data" {
  value = docker_secret.token.data
}

output "whole" {
  value = docker_secret.token
}

output "marked" {
  value     = docker_secret.token.data
  sensitive = true
}

output "name" {
  value = docker_secret.token.name
}

output "many_data" {
  value = docker_secret.many[0].data
}

output "many_names" {
  value = docker_secret.many[*].name
}
