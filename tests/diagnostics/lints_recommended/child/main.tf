output "id" { # WARNING: Missing required_version
  value = "x"
}
