from_tfvars = "./child"
