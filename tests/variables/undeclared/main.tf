# Undeclared: silent from the environment, a warning from files (two,
# then one for the rest), an error from the command line.
variable "declared" {}
