lints = ["unused-required-provider"]
