a = <<A
${<<B
inner
B
}
A
