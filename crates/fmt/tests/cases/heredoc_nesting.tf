a = (<<EOT
${f(<<EOT
x
EOT
,1)}
  ${(
1)}
EOT
)
b = [(<<EOT
x
EOT
),
1]
