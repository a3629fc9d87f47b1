lints = ["all"]
