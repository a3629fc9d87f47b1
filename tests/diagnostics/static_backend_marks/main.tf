variable "password" {
  default   = "secret"
  sensitive = true
}

terraform {
  backend "pg" {  # ERROR: Backend config contains sensitive values
    conn_str = "postgres://user:${var.password}@localhost/db"
  }
}
