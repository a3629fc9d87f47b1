variable "port" { # ERROR: Invalid value for input variable
  type = number
}

variable "size" {
  type = number
  validation {
    condition     = var.size > 0
    error_message = "The size must be positive."
  }
}

variable "old_name" {
  type       = string
  default    = null
  deprecated = "Use new_name instead."
}

variable "from_root" {
  type = string
  validation {
    condition     = length(var.from_root) > 3
    error_message = "Too short."
  }
}

output "port" {
  value = var.port
}
