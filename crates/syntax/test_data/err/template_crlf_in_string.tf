a = "abc
def"
