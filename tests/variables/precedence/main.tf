# Each variable is given by every source up to the one that must win.
variable "from_env" {}
variable "from_terraform_tfvars" {}
variable "from_terraform_tfvars_json" {}
variable "from_10_auto" {}
variable "from_a_auto" {}
variable "from_a_auto_json" {}
variable "from_first_var" {}
variable "from_var_file" {}
variable "from_last_var" {}
