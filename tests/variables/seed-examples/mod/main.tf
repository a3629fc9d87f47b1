variable "examle" {
  type       = string
  default    = null
  deprecated = "'examle' variable must no longer be used due to a typo, use 'example' instead"
}
