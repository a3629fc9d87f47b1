variable "name" {
  type = string
}

variable "cidr" {
  type = string
}

variable "zones" {
  type     = list(string)
  nullable = false

  validation {
    condition     = length(var.zones) > 0
    error_message = "At least one zone is needed."
  }
}

variable "subnets" {
  type = map(object({
    netnum  = number
    newbits = optional(number, 8)
    public  = optional(bool, false)
    tags    = optional(map(string), {})
  }))
}

variable "tags" {
  type    = map(string)
  default = {}
}
