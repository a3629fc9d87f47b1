output "prefix" {
  description = "Lower-case prefix for the names of this project and environment."
  value       = local.prefix
}

output "tags" {
  description = "Tags to put on everything named with the prefix."
  value       = local.tags
}
