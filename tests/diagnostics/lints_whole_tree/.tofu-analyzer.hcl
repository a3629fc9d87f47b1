lints = ["variable-never-set", "variable-always-same", "output-never-read", "argument-equals-default"]
