output "email" {
  value = "a@example.com"
}
