a = <<EOT
foo
