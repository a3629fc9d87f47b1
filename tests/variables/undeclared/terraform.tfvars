declared = "terraform.tfvars"
in_default_file = 1
also_in_default_file = 2
# Its value fails, so OpenTofu says nothing about it.
failing = var.declared
