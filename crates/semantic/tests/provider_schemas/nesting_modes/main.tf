terraform {
  required_providers {
    test = {
      source = "example/test"
    }
  }
}

# Valid: every nesting mode.
resource "test_thing" "ok" {
  name = "ok"

  config {
    path = "/etc"
  }

  timeouts {
    create = "5m"
  }

  defaults {
    level = 1
  }

  entry "a" {
    value = "1"
  }

  entry "b" {
    value = "2"
  }

  rule {
    port = 80
    match {
      path = "/"
    }
    match {
      path = "/api"
    }
  }
}

resource "test_thing" "bad" {
  name = "bad"

  config {
    path = "/a"
  }

  config {
    path = "/b"
  }

  timeouts {
    create = 5
    delete = "1m"
  }

  defaults {
  }

  defaults {
  }

  entry "a" {
    value = "1"
  }

  entry "a" {
  }

  entry {
    value = "no label"
  }

  rule {
    port = 1
  }

  rule {
    port = 2
  }

  rule {
    port = 3
    match {
      paht = "/"
    }
  }
}

resource "test_thing" "missing" {
  name = "missing"
}
