variables {
  name = "global"
}

provider "aws" {
  region = "eu-west-1"
}

provider "aws" {
  alias  = "secondary"
  region = "eu-west-2"
}

mock_provider "google" {
  alias = "mocked"

  mock_resource "google_storage_bucket" {
    defaults = {
      name = "bucket"
    }
  }

  mock_data "google_project" {
    defaults = {
      id = "project"
    }
  }

  override_resource {
    target = google_storage_bucket.a
    values = {
      name = "a"
    }
  }

  override_data {
    target = data.google_project.b
  }
}

override_resource {
  target = terraform_data.this
  values = {
    output = "overridden"
  }
}

override_module {
  target  = module.child
  outputs = {}
}

run "plan_it" {
  command = plan

  variables {
    name = "first"
  }

  plan_options {
    mode    = refresh-only
    refresh = true
    replace = [terraform_data.this]
    target  = [terraform_data.this]
  }

  providers = {
    aws = aws.secondary
  }

  assert {
    condition     = output.name == "first"
    error_message = "Wrong name."
  }

  assert {
    condition     = run.plan_it.name == var.name
    error_message = "Wrong run output."
  }
}

run "expect" {
  command = apply

  variables {
    name = ""
  }

  expect_failures = [
    var.name,
    output.name,
    check.health,
    terraform_data.this,
    data.aws_caller_identity.current,
  ]

  override_resource {
    target = terraform_data.this[0]
  }

  override_data {
    target = data.aws_caller_identity.current
  }

  override_module {
    target = module.child.module.grandchild
  }
}

run "other_module" {
  module {
    source = "./modules/setup"
  }
}

run "registry_module" {
  module {
    source  = "hashicorp/consul/aws"
    version = ">= 0.1.0"
  }
}
