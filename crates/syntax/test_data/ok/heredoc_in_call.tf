a = f(<<EOT
x
EOT
)
b = [<<EOT
y
EOT
, 2]
