lints = ["recommended"]
