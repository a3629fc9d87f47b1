# An override file's type decides how string values are read.
variable "a" {
  type = string
}
variable "b" {
  type = list(string)
}
