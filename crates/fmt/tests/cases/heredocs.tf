locals {
    a = <<EOT
  hello ${ var.x }
    world
EOT
  b = <<-EOT
      indented ${upper( "x" )}
      EOT
c = 1
}
