<<EOT
x
EOT
