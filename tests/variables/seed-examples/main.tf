# The examples of the input variables document: a value for an
# undeclared variable in a tfvars file is a warning naming it; a module
# caller setting a deprecated variable gets the author's message.
variable "moose" {
  type    = string
  default = "Moose"
}

module "mod" {
  source = "./mod"
  examle = "a"
}
