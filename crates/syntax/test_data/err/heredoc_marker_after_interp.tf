a = <<EOT
${x}EOT
