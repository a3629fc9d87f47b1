unknown = true # ERROR: Unsupported argument

variables {
  name = "global"
}

variables { # ERROR: Multiple "variables" blocks
  name = "again"
}

terraform { # ERROR: Unsupported block type
}

mock_provider "google" { # ERROR: Duplicated `mock_resource` block # ERROR: Duplicated `mock_data` block # ERROR: Duplicated `override_data` block
  for_each = {} # ERROR: Alias required when using "for_each"

  mock_resource "google_storage_bucket" {
    defaults = "bucket" # ERROR: Object expected
  }

  mock_resource "google_sql_database" {}
  mock_resource "google_sql_database" {}
  mock_data "google_project" {}
  mock_data "google_project" {}

  override_resource {
    target = google_storage_bucket.a
  }
  override_data {
    target = google_storage_bucket.a
  }
}

mock_provider "google" {
  alias = "mocked"
  alias_again = 1 # ERROR: Unsupported argument
}

mock_provider "google" {
  alias = "mocked"
}

mock_provider "google" { # ERROR: Duplicated `mock_provider` block
  alias = "mocked"
}

mock_provider "Google" { # ERROR: Invalid provider local name
}

mock_provider "aws" {
  alias = "not valid" # ERROR: Invalid mock provider configuration alias
}

provider "aws" {
  count = 1 # ERROR: Reserved argument name in provider block
}

override_resource {
  target = module.child # ERROR: Invalid address
}

override_resource {
  target = var.name[local.key] # ERROR: Invalid expression
  values = 1 # ERROR: Object expected
}

override_resource { # ERROR: Missing required argument
}

override_module {
  target = module.child.aws_instance.a # ERROR: Module address expected
  outputs = {
    value = var.name # ERROR: Variables not allowed
  }
}

override_module {
  target = module.child[0] # ERROR: Module instance address with keys is not allowed
}

run "not valid" { # ERROR: Invalid run block name
  command = destroy # ERROR: Invalid "command" keyword
  unknown = 1 # ERROR: Unsupported argument

  plan_options {
    mode = normal
  }

  plan_options { # ERROR: Multiple "plan_options" blocks
  }

  variables {
  }

  variables { # ERROR: Multiple "variables" blocks
  }

  assert {
    condition     = true # ERROR: Invalid assert expression
    error_message = "Always."
  }

  assert { # ERROR: Missing required argument
    condition = output.name == "x"
  }

  expect_failures = var.name # ERROR: Invalid expression

  providers = {
    aws = "aws" # WARNING: Quoted references are deprecated
  }
}

run "options" {
  plan_options {
    mode    = destroy # ERROR: Invalid "mode" keyword
    refresh = "maybe" # ERROR: Unsuitable value type
    target  = [upper(var.name)] # ERROR: Invalid expression
  }

  module {
    source = "./modules/setup"
  }

  module { # ERROR: Multiple "module" blocks
    source = "modules/setup" # ERROR: Invalid module source address
  }

  expect_failures = [
    "var.name", # WARNING: Quoted references are deprecated
  ]
}

run "incompatible" {
  plan_options {
    mode    = refresh-only
    refresh = false # ERROR: Incompatible plan options
  }

  module { # ERROR: Missing "source" attribute for module block
  }

  module {
    source  = "hashicorp/consul/aws"
    version = "not a version" # ERROR: Invalid version constraint
  }
}
