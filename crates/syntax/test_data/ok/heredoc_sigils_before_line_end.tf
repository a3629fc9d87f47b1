a = <<EOT
x$
y$$
z$a
$${
%%{~
50%
EOT
