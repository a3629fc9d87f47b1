# No call leads here: a root module of its own.
variable "flavor" {
  default = "blue"
}
