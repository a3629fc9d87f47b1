name = "world"
