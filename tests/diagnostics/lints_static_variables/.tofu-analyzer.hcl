lints = ["static-variable-not-const"]
