a = {
  foo1.2_bar = "baz"
}
