a = <<EOT
${x}EOT
EOT
