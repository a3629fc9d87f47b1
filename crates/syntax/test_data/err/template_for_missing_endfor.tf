a = <<EOT
%{ for x in y }
a
EOT
