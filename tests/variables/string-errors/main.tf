# Values parsed as expressions can fail; their errors point into the
# value, which OpenTofu calls <value for var.NAME> and cannot show.
variable "refers" {
  type = map(string)
}
variable "calls" {
  type = list(string)
}
variable "broken" {
  type = list(number)
}
variable "extra" {
  type = any
}
variable "from_env" {
  type = set(string)
}
variable "fine" {
  type = tuple([string])
}
