variable "port" {
  type = number
}

variable "double" {
  type = number
  validation {
    condition     = var.double < 10
    error_message = "Double too big."
  }
}
