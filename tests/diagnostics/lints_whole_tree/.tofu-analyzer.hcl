lints = ["variable-never-set", "output-never-read", "argument-equals-default"]
