a = “foo”
