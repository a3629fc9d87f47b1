# No schema for hashicorp/aws: nothing is checked.
resource "aws_instance" "x" {
  anything = "goes"
  nested {
    also = true
  }
}

provider "aws" {
  region = 1
}

# hashicorp/docker is not kreuzwerker/docker.
resource "docker_container" "y" {
  whatever = 1
}
