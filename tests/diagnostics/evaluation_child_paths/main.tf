# What a child computes from `path.*` is evaluated where it is called:
# its static types know neither the root's paths nor where the caller
# finds the child's files.

module "child" {
  source = "./child"
}
