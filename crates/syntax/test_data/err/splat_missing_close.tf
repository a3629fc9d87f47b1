a = b[*.c]
