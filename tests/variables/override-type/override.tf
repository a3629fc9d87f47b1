variable "a" {
  type = list(string)
}
variable "b" {
  type = string
}
