output "regions" {
  value = ["eu-west-1"]
}
