zones    = ["a", "b"]
replicas = 2
anything = ["x"]
