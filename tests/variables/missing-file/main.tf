variable "a" {
  type = list(string)
}
