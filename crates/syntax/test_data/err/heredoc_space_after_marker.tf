a = <<EOT 
foo
EOT
