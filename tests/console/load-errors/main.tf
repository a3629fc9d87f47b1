locals {
  a = 1
  a = 2
}

variable "n" {
  type = nmber
}
