terraform {
  required_providers {
    local = {
      source = "hashicorp/local"
    }
  }
}

variable "path" {
  type = string
}

variable "paths" {
  type    = list(string)
  default = ["/tmp", "/var"]
}

output "exists" {
  value = provider::local::direxists("/tmp")
}

output "from_variable" {
  value = provider::local::direxists(var.path) ? 1 : 0
}

output "expanded" {
  value = provider::local::direxists(var.paths[0])
}

output "aliased" {
  value = provider::local::other::direxists("/tmp")
}

output "not_in_schema" {
  value = provider::local::filexists("/tmp")
}

output "missing_argument" {
  value = provider::local::direxists()
}

output "extra_argument" {
  value = provider::local::direxists("/tmp", "/var")
}

output "wrong_type" {
  value = provider::local::direxists(["/tmp"])
}

output "null_argument" {
  value = provider::local::direxists(null)
}

output "typed_result" {
  value = provider::local::direxists("/tmp") + 1
}

output "typed_length" {
  value = length(provider::local::direxists("/tmp"))
}

resource "local_file" "f" {
  filename = "out.txt"
  content  = provider::local::direxists("/tmp")
}

resource "local_file" "g" {
  filename        = "out.txt"
  file_permission = provider::local::direxists("/tmp") ? "0644" : "0600"
  content         = provider::local::direxists(["/tmp"])
}

variable "secret" {
  type      = string
  sensitive = true
  default   = "/tmp"
}

output "from_secret" {
  value = provider::local::direxists(var.secret)
}

output "expanded_arguments" {
  value = provider::local::direxists(var.paths...)
}

module "child" {
  source = "./child"
  names  = provider::local::direxists("/tmp")
}

output "from_child" {
  value = module.child.exists + 1
}
