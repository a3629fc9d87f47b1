variable "set" {
  type = string
}

variable "same" {
  type    = string
  default = "default"
}

variable "never" { # WARNING: Variable no caller sets
  type    = number
  default = 1
}

variable "zone" { # WARNING: Variable every call sets alike
  type = string
}

variable "list" {
  type    = list(string)
  default = ["a"]
}

output "read" {
  value = [var.set, var.same, var.never, var.list, var.zone]
}

output "unread" { # WARNING: Output no caller reads
  value = var.set
}
