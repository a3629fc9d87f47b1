run "tofu_only" {
  command = plan
}
