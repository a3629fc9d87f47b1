a = "\u12"
b = "\u12zz"
