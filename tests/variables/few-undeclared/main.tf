# Two undeclared values from files: two warnings, no summary.
variable "declared" {
  default = "x"
}
