in_named_file = "x"
