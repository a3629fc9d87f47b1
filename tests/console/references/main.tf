variable "name" {
  type = string
}

variable "size" {
  type    = number
  default = 2
}

variable "zones" {
  type = list(string)
}

variable "secret" {
  type      = string
  default   = "hunter2"
  sensitive = true
}

variable "required" {
  type = string
}

locals {
  greeting = "hello ${var.name}"
  doubled  = var.size * 2
  by_zone  = { for z in var.zones : z => upper(z) }
}

module "server" {
  source = "./modules/server"
  count  = var.size
  label  = "${local.greeting}-${count.index}"
}

module "zonal" {
  source   = "./modules/server"
  for_each = local.by_zone
  label    = each.value
}

resource "aws_instance" "web" {
  ami = "ami-123"
}

data "aws_ami" "latest" {
  most_recent = true
}
