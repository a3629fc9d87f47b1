variable "n" {
  type = number
}
variable "l" {
  type = list(any)
}
variable "o" {
  type = any
}
variable "from_detected_json" {}
variable "from_plain_file" {}
