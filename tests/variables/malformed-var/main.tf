variable "name" {}
