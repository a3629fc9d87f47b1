terraform {
  required_providers {
    vault = {
      source = "example/vault"
    }
  }
}

provider "vault" {
  token = ephemeral.vault_token.t.value
}

ephemeral "vault_token" "t" {
  name = "app"
}

ephemeral "vault_token" "derived" {
  name = ephemeral.vault_token.t.value
}

locals {
  token = ephemeral.vault_token.t.value
}

resource "vault_secret" "ok" {
  name        = "a"
  password_wo = local.token
  credentials = {
    user     = "app"
    token_wo = ephemeral.vault_token.t.value
  }
  keys = [
    { label = "k", key_wo = ephemeral.vault_token.t.value },
  ]
  auth {
    key_wo = local.token
  }
  entry {
    value_wo = local.token
  }
  dynamic "entry" {
    for_each = ["a"]
    content {
      value_wo = local.token
    }
  }
}

resource "vault_secret" "bad" {
  name     = "b"
  password = ephemeral.vault_token.t.value
  tags = {
    a = ephemeral.vault_token.t.value
  }
  credentials = {
    user     = local.token
    token_wo = local.token
  }
  keys = [
    { label = local.token },
  ]
  auth {
    key = local.token
    nested = {
      inner = local.token
    }
  }
  entry {
    value = "x"
  }
  entry {
    value = local.token
  }
}

resource "vault_secret" "bad_dynamic" {
  name = "c"
  dynamic "auth" {
    for_each = [1]
    content {
      key    = local.token
      key_wo = local.token
    }
  }
  dynamic "entry" {
    for_each = ["a", "b"]
    content {
      value    = entry.value == "b" ? local.token : "x"
      value_wo = local.token
    }
  }
}

data "vault_read" "d" {
  name = ephemeral.vault_token.t.value
}

output "write_only_reads_null" {
  value = vault_secret.ok.password_wo
}
