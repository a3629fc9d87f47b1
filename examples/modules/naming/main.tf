locals {
  parts  = compact([var.project, var.environment, var.component])
  joined = lower(join(local.separator, local.parts))

  # Names end up in places that limit their length: keep the start, which
  # is the most telling part.
  prefix = length(local.joined) > local.max_length ? trimsuffix(substr(local.joined, 0, local.max_length), local.separator) : local.joined

  tags = merge(
    var.tags,
    {
      project     = var.project
      environment = var.environment
      managed_by  = "opentofu"
    },
    { for key, value in { component = var.component } : key => value if value != null },
  )
}
