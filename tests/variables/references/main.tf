# A tfvars value is evaluated with no variables and no functions; only
# the value that wins is, so a later source hides the errors.
variable "ref" {}
variable "call" {}
variable "hidden" {}
variable "template" {}
variable "json_template" {}
