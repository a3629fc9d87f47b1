in_auto_file = true
