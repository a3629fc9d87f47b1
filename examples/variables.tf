variable "project" {
  type        = string
  description = "Short project name, the first part of every name."

  validation {
    condition     = can(regex("^[a-z][a-z0-9]{1,15}$", var.project))
    error_message = "The project must be 2 to 16 lower-case letters or digits, starting with a letter."
  }
}

variable "environment" {
  type        = string
  description = "Deployment stage."
  default     = "dev"

  validation {
    condition     = contains(["dev", "staging", "prod"], var.environment)
    error_message = "The environment must be one of dev, staging or prod."
  }
}

variable "network" {
  description = "Address space of the network and the subnets carved out of it."
  type = object({
    cidr  = string
    zones = optional(list(string), ["a", "b"])
    subnets = map(object({
      netnum  = number
      newbits = optional(number, 8)
      public  = optional(bool, false)
      tags    = optional(map(string), {})
    }))
  })

  validation {
    condition     = can(cidrhost(var.network.cidr, 0))
    error_message = "The network CIDR must be a valid address prefix."
  }

  validation {
    condition     = alltrue([for subnet in values(var.network.subnets) : subnet.netnum >= 0])
    error_message = "Subnet numbers cannot be negative."
  }
}

variable "services" {
  description = "Services to run, by name."
  type = map(object({
    image    = string
    subnet   = string
    replicas = optional(number, 1)
    public   = optional(bool, false)
    env      = optional(map(string), {})
    ports = optional(list(object({
      port     = number
      protocol = optional(string, "tcp")
    })), [])
  }))
  default = {}

  validation {
    condition     = alltrue([for service in values(var.services) : service.replicas >= 1 && service.replicas <= 5])
    error_message = "Each service needs between 1 and 5 replicas."
  }
}

variable "admins" {
  type        = set(string)
  description = "E-mail addresses that receive alerts."
  default     = []
}

variable "tags" {
  type        = map(string)
  description = "Tags added to everything."
  default     = {}
  nullable    = false
}

variable "release_token" {
  type        = string
  description = "Token passed to the release hook, if any."
  default     = null
  sensitive   = true
}
