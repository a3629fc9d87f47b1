variable "count_of" { # ERROR: Invalid value for input variable
  type = number
}

variable "label" { # ERROR: Invalid value for input variable
  type = string
}

variable "first" {
  type = number
}
