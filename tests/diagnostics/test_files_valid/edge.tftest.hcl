# Not loaded: edge.tofutest.hcl takes its place.
run "Not valid" {
  command = destroy
}
