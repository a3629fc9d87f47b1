a = b & c
