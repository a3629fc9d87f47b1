terraform {
  required_providers {
    test = {
      source = "example/test"
    }
  }
}

ephemeral "test_secret" "ok" {
  name   = "db"
  length = 16
}

ephemeral "test_secret" "bad" {
  length = "long"
  extra  = 1
}

ephemeral "test_info" "wrong_mode" {
  name = "x"
}

ephemeral "test_secrets" "typo" {
  name = "x"
}

data "test_info" "ok" {
  name = "x"
}

data "test_thing" "wrong_mode" {
  name = "x"
}
