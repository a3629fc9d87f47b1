# What only the whole tree shows: the child's variables and outputs
# against every call of it.

module "first" {
  source = "./child"
  set    = "x"
  same   = "default" # WARNING: Argument equals the default
  zone   = "a"
  list   = ["a", "b"]
}

module "second" {
  source = "./child"
  set    = "y"
  list   = tolist(["a"])
  zone   = "a"
}

output "read" {
  value = module.first.read
}

output "also" {
  value = module.second.read
}
