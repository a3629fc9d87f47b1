output "out" {
  value = "./child"
}
