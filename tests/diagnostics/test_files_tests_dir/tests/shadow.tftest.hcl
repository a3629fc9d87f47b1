# Not loaded: shadow.tofutest.hcl takes its place.
run "not valid" {
}
