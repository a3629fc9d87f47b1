module "local_with_version" {
  source  = "../boop" # ERROR: Invalid registry module source address
  version = "1.0.0"
}

module "bad_registry_host" {
  source  = "---.com/HashiCorp/Consul/aws" # ERROR: Invalid registry module source address
  version = "1.0.0"
}

module "relative_without_dot" {
  source = "modules/foo" # ERROR: Invalid module source address
}

module "github_short" {
  source = "github.com/hashicorp" # ERROR: Invalid module source address
}

module "outside_package" {
  source = "git::https://example.com/x.git//../y" # ERROR: Invalid module source address
}

module "bad_version" {
  source  = "hashicorp/consul/aws"
  version = "one" # ERROR: Invalid version constraint
}

module "list_version" {
  source  = "hashicorp/consul/aws"
  version = ["1.0.0"] # ERROR: Invalid version constraint
}

module "sensitive" {
  source  = sensitive("hostname/namespace/name/system") # ERROR: Sensitive value not allowed
  version = sensitive("1.0.0")                          # ERROR: Invalid version constraint
}

module "from_function" {
  source = lower("Modules/Foo") # ERROR: Invalid module source address
}

variable "v" {} # ERROR: Failed to request input from user for variable var.v

module "from_variable" {
  source  = "modules/foo" # ERROR: Invalid registry module source address
  version = var.v # ERROR: Unable to compute static value
}
