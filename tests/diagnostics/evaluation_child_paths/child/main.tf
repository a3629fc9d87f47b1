locals {
  from_root   = file("${path.root}/missing.txt") # ERROR: Invalid function argument
  dir         = path.module
  from_module = file("${local.dir}/missing.txt") # ERROR: Invalid function argument
  found       = file("${path.module}/main.tf")
}

output "root" {
  value = path.root
}
