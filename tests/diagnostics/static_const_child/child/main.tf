variable "region" {
  const = true
}

variable "optional" {
  const   = true
  default = "x"
}
