variable "project" {
  type = string
}

variable "environment" {
  type = string
}

variable "component" {
  type        = string
  description = "Optional last part of the prefix, such as a service name."
  default     = null
}

variable "tags" {
  type    = map(string)
  default = {}
}
