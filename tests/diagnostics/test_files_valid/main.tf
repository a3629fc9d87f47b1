variable "name" {
  type = string

  validation {
    condition     = length(var.name) > 0
    error_message = "The name must not be empty."
  }
}

resource "terraform_data" "this" {
  input = var.name
}

output "name" {
  value = terraform_data.this.output
}

check "health" {
  assert {
    condition     = var.name != "x"
    error_message = "Bad name."
  }
}
