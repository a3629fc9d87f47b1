a = <<EOT
foo$