# A required variable without a value stops the plan before anything is
# evaluated: the failing validation of `given` is not reported.
variable "needed" {
  type = string
}

variable "given" {
  type = number
  validation {
    condition     = var.given > 5
    error_message = "More than five, please."
  }
}
