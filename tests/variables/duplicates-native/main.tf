variable "a" {}
variable "b" {}
