terraform {
  required_providers {
    test = {
      source = "example/test"
    }
  }
}

resource "test_thing" "x" {
  name     = "x"
  legacy   = "old"
  old_flag = true

  config {
    path = "/"
  }

  rule {
    port = 1
  }

  old_block {
    x = "y"
  }
}
