a = <<EOT
text
  EOT  
b = 1
