a = 1
variable "b" {
  default = 2
}
variable "c" {}
