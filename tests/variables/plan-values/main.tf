variable "port" {
  type = string
}

variable "size" {
  type = number
  validation {
    condition     = var.size < 10
    error_message = "At most 9, not ${var.size}."
  }
}

variable "needed" {
  type = string
}

variable "not_null" {
  type     = string
  nullable = false
}

variable "old" {
  type       = string
  default    = "x"
  deprecated = "Use new instead."
}

module "child" {
  source = "./child"
  port   = var.port
  double = var.size * 2
}
