# A comment
variable "name" {
  type    = string
  default = "x-${var.a}" // trailing
}

locals {
  a = 1 + 2 * 3
  b = [for x in var.list : upper(x) if x != ""]
  c = { for k, v in var.map : k => v... }
  d = var.cond ? "yes" : "no"
  e = aws_instance.web[*].id
  f = aws_instance.web.*.tags.Name
  g = provider::aws::arn_parse("x")
  h = <<-EOT
    hello ${name}
    %{ if true ~}
    yes
    %{~ endif }
  EOT
  i = -a.b[0]
  j = foo(1, 2, [3]...)
  k = { "a" : 1, (local.k) = 2 }
  l = a.0
}

block one_line { a = 1 }
