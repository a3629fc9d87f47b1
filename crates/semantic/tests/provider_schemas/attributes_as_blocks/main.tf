terraform {
  required_providers {
    test = {
      source = "example/test"
    }
  }
}

resource "test_thing" "as_attribute" {
  name  = "a"
  items = [{ a = "x", b = 1 }]

  config {
    path = "/"
  }

  rule {
    port = 1
  }
}

resource "test_thing" "as_blocks" {
  name = "b"

  items {
    a = "x"
    b = 1
  }

  items {
    a = "y"
    c = 2
  }

  dynamic "items" {
    for_each = [1]
    content {
      b = items.value
    }
  }

  config {
    path = "/"
  }

  rule {
    port = 1
  }
}
