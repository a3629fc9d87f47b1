a = <<-EOT
  foo
  EOTX
