resource "aws_eks_cluster" "this" {
  name = "x"
}

data "aws_region" "current" {}

# Whole objects leave the module: a caller may ask for any attribute.
output "cluster" {
  value = aws_eks_cluster.this
}

output "region" {
  value = data.aws_region.current
}
