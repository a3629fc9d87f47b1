variable "a" {
  type = "string"
  default = "${var.x}"
}
variable "b" {
  type = list
}
variable "c" {
  type = "map"
  validation {
    type = "list"
  }
}
variable "d" { type = set }
variable "e" { type = "list" }
variable "f" { type = "number" }
variable "g" { type = map(string) }
locals {
  type = "string"
}
other "x" {
  type = list
}
