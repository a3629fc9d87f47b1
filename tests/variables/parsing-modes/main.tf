# String values (-var, TF_VAR_) are taken literally for primitive types
# and untyped variables, and parsed as expressions for every other type.
variable "str" {
  type = string
}
variable "num" {
  type = number
}
variable "flag" {
  type = bool
}
variable "untyped" {}
variable "anything" {
  type = any
}
variable "strings" {
  type = list(string)
}
variable "bare_map" {
  type = map
}
variable "obj" {
  type = object({ a = number, b = optional(string) })
}
variable "env_list" {
  type = list(number)
}
variable "env_string" {
  type = string
}
