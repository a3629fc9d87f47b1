# Not loaded: OpenTofu reads only the tests directory itself.
run "not valid" {
}
