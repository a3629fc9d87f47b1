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

output "legacy" {
  value = test_thing.x.legacy
}

output "whole" {
  value = test_thing.x
}

resource "test_simple" "reads" {
  name = test_thing.x.legacy
}

resource "test_thing" "counted" {
  count = 2
  name  = "c"
  config {
    path = "/"
  }
  rule {
    port = 1
  }
}

output "counted" {
  value = test_thing.counted[0].old_flag
}
