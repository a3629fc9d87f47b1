# Nested blocks of resources are evaluated as their arguments are, and
# `dynamic` blocks are expanded as HCL expands them: the content once per
# element, with the iterator bound to its key and value. An unknown
# for_each leaves the content unevaluated.

variable "ports" {
  type = list(number)
}

locals {
  rules = {
    http  = { port = 80, cidr = "0.0.0.0/0" }
    https = { port = 443, cidr = "0.0.0.0/0" }
  }
  name = "web"
}

resource "aws_security_group" "static" {
  name = local.name

  ingress {
    from_port = 1 + "eighty" # ERROR: Invalid operand
    to_port   = 80
  }

  egress {
    nested {
      value = local.missing_attribute.x # ERROR: Reference to undeclared local value
    }
  }
}

resource "aws_security_group" "dynamic" {
  dynamic "ingress" {
    for_each = local.rules
    content {
      from_port   = ingress.value.port
      description = "${ingress.key}: ${ingress.value.cidr}"
      bad         = ingress.value.port + "x" # ERROR: Invalid operand
      missing     = ingress.value.nope       # ERROR: Unsupported attribute
    }
  }

  dynamic "egress" {
    for_each = local.rules
    iterator = rule
    content {
      from_port = rule.value.port
      ranges    = [for cidr in [rule.value.cidr] : upper(cidr)]

      dynamic "tag" {
        for_each = ["a", "b"]
        content {
          key   = "${rule.key}-${tag.key}-${tag.value}"
          index = tag.key + 1
        }
      }
    }
  }

  dynamic "unknown" {
    for_each = var.ports
    content {
      port = unknown.value + "not evaluated while the ports are unknown"
    }
  }
}

resource "aws_security_group" "spec_errors" {
  dynamic "a" {
    for_each = 5 # ERROR: Invalid dynamic for_each value
    content {}
  }

  dynamic "b" {
    for_each = null # ERROR: Invalid dynamic for_each value
    content {}
  }

  dynamic "c" {
    for_each = [1]
    iterator = it.x # ERROR: Invalid dynamic iterator name
    content {}
  }

  dynamic "d" {
    for_each = [1]
    iterator = "it" # ERROR: Invalid expression
    content {}
  }

  dynamic "e" { # ERROR: Missing required argument
    content {}
  }

  dynamic "f" { # ERROR: Missing dynamic content block
    for_each = [1]
  }

  dynamic "g" {
    for_each = [1]
    content {}
    content {} # ERROR: Extraneous dynamic content block
  }

  dynamic "h" {
    for_each = [1]
    other    = 2 # ERROR: Unsupported argument
    content {}
  }
}

resource "aws_instance" "lifecycle_skipped" {
  lifecycle {
    ignore_changes = [tags]
  }

  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
}
