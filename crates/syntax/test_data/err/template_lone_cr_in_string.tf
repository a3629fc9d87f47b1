a = "abcdef"
