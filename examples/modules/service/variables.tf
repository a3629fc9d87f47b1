variable "name" {
  type        = string
  description = "Name of the service, unique in the deployment."
}

variable "project" {
  type = string
}

variable "environment" {
  type = string
}

variable "image" {
  type        = string
  description = "Container image, pinned to a tag."
}

variable "replicas" {
  type    = number
  default = 1
}

variable "ports" {
  type = list(object({
    port     = number
    protocol = optional(string, "tcp")
  }))
  default = []

  validation {
    condition     = alltrue([for listener in var.ports : contains(["tcp", "udp"], listener.protocol)])
    error_message = "Ports speak tcp or udp."
  }
}

variable "env" {
  type    = map(string)
  default = {}
}

variable "subnet" {
  description = "The subnet to run in, as the network module describes it."
  type = object({
    id   = string
    cidr = string
    zone = string
  })
}

variable "tags" {
  type    = map(string)
  default = {}
}
