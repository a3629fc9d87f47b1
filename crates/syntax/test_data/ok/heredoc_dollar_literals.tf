a = <<EOT
cost: $5 and 50%
$${not} %%{not}
EOT
