# The examples of the language documents with stated results: input
# variables (values from -var, the environment and defaults; sensitive
# and ephemeral values) and references to named values (module calls
# with count and for_each, path and workspace values, unknown values).

variable "image_id" {
  type = string
}

variable "image_id_list" {
  type = list(string)
}

variable "image_id_map" {
  type = map(string)
}

variable "availability_zone_names" {
  type    = list(string)
  default = ["us-west-1a"]
}

variable "docker_ports" {
  type = list(object({
    internal = number
    external = number
    protocol = string
  }))
  default = [
    {
      internal = 8300
      external = 8300
      protocol = "tcp"
    }
  ]
}

variable "user_information" {
  type = object({
    name    = string
    address = string
  })
  default = {
    name    = "jae"
    address = "somewhere"
  }
  sensitive = true
}

variable "user_password" {
  type      = string
  default   = "  hunter2  "
  ephemeral = true
}

variable "example" {
  type     = string
  nullable = false
  default  = "fallback"
}

locals {
  sanitized = trimspace(var.user_password) # `sanitized` is an ephemeral local now
}

module "example" {
  source      = "./modules/example"
  name_prefix = "app-${terraform.workspace}"
}

module "counted" {
  source      = "./modules/example"
  count       = 2
  name_prefix = "c${count.index}"
}

module "each" {
  source      = "./modules/example"
  for_each    = toset(["a", "b"])
  name_prefix = each.key
}

resource "aws_instance" "example" {
  count         = 2
  ami           = "ami-abc123"
  instance_type = "t2.micro"
}
