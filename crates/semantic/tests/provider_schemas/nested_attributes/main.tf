terraform {
  required_providers {
    test = {
      source = "example/test"
    }
  }
}

resource "test_thing" "ok" {
  name     = "ok"
  settings = { mode = "fast" }
  rules    = [{ port = 80 }, { port = 443, proto = "tcp" }]
  by_name  = { a = { value = "1" } }

  config {
    path = "/"
  }

  rule {
    port = 1
  }
}

resource "test_thing" "bad" {
  name     = "bad"
  settings = { level = 1 }
  rules    = [{ port = "http" }, { prot = "tcp", port = 1 }]
  by_name  = { a = "1" }

  config {
    path = "/"
  }

  rule {
    port = 1
  }
}

resource "test_thing" "block" {
  name = "block"

  settings {
    mode = "x"
  }

  config {
    path = "/"
  }

  rule {
    port = 1
  }
}
