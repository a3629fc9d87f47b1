a = "abc\
def"
