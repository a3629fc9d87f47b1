# c
