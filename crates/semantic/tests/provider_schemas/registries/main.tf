# hashicorp/random resolves to registry.opentofu.org; the document keys it
# by registry.terraform.io.
resource "random_pet" "a" {
  length = "two"
  prefx  = "x"
}
