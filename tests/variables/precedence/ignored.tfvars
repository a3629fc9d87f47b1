from_env = "ignored.tfvars"
