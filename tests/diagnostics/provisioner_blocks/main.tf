locals {
  user = "admin"
}

resource "null_resource" "keywords" {
  provisioner "local-exec" {
    when       = "create" # WARNING: Quoted keywords are deprecated
    on_failure = "fail"   # WARNING: Quoted keywords are deprecated
  }
  provisioner "local-exec" {
    when       = sometimes # ERROR: Invalid "when" keyword
    on_failure = ignore    # ERROR: Invalid "on_failure" keyword
    lifecycle { # ERROR: Reserved block type name in provisioner block
    }
  }
}

resource "null_resource" "vendor" {
  provisioner "chef" { # ERROR: The "chef" provisioner has been removed
  }
  provisioner "salt-masterless" { # ERROR: The "salt-masterless" provisioner has been removed
  }
}

resource "null_resource" "duplicates" {
  provisioner "local-exec" {
    connection {}
    connection {} # ERROR: Duplicate connection block
    _ {}
    _ {} # ERROR: Duplicate escaping block
  }
}

resource "null_resource" "destroy" {
  connection {
    host = self.hostname
    user = local.user # ERROR: Invalid reference from destroy provisioner
  }

  provisioner "remote-exec" {
    when      = destroy
    index     = count.index # ERROR: Reference to "count" in non-counted context
    key       = each.key    # ERROR: Reference to "each" in context without for_each
    value     = each.value  # ERROR: Invalid reference from destroy provisioner # ERROR: each.value cannot be used in this context
    dir       = path.module
    workspace = terraform.workspace
    command   = "echo ${local.user}" # ERROR: Invalid reference from destroy provisioner
    connection {
      user = local.user # ERROR: Invalid reference from destroy provisioner
    }
  }
}

resource "null_resource" "create_only" {
  connection {
    user = local.user
  }

  provisioner "remote-exec" {
    command = "echo ${local.user}"
  }
}
