a = b ^ c
