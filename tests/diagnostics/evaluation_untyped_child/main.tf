# A child module whose own checks fail is not typed on its own, so
# `validate` evaluates all of it where it is called: its evaluation
# errors are reported beside its reference errors.

module "child" {
  source = "./child"
  name   = "a"
}
