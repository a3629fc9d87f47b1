run "valid" {
  command = plan
}
