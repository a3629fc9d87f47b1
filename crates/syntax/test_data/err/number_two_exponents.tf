a = 1e5e5
