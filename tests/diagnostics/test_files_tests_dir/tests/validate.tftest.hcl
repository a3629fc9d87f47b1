override_resource {
  target = terraform_data.this[0]
}

override_resource {
  target = terraform_data.this[0] # ERROR: Duplicated `override_resource` block
}

override_data {
  target = data.aws_caller_identity.current
}

override_data {
  target = data.aws_caller_identity.current # ERROR: Duplicated `override_data` block
}

override_module {
  target = module.child
}

override_module {
  target = module.child # ERROR: Duplicated `override_module` block
}

run "expect" {
  expect_failures = [
    var.name,
    output.name,
    check.health,
    terraform_data.this,
    local.upper,           # ERROR: Invalid `expect_failures` reference
    module.child,          # ERROR: Invalid `expect_failures` reference
    module.child.ok,       # ERROR: Invalid `expect_failures` reference
    path.module,           # ERROR: Invalid `expect_failures` reference
    count.index,           # ERROR: Invalid `expect_failures` reference
    output,                # ERROR: Invalid reference
    local,                 # ERROR: Invalid reference
    data.aws_caller_identity, # ERROR: Invalid reference
  ]

  override_resource {
    target = terraform_data.this
  }

  override_resource {
    target = terraform_data.this # ERROR: Duplicated `override_resource` block
  }

  override_module {
    target = module.child
  }

  override_module {
    target = module.child # ERROR: Duplicated `override_module` block
  }
}

run "second" {
  expect_failures = [
    self, # ERROR: Invalid `expect_failures` reference
  ]
}
