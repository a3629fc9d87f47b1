output "prefix" {
  description = "Prefix of every name in this deployment."
  value       = module.naming.prefix
}

output "subnet_cidrs" {
  value = { for name, subnet in module.network.subnets : name => subnet.cidr }
}

output "service_endpoints" {
  value = { for name, service in module.service : name => service.endpoints }
}

output "instance_ids" {
  value = flatten(values(module.service)[*].instance_ids)
}

output "public_services" {
  value = local.public_services
}

output "release_notes" {
  value = terraform_data.release.output.notes
}

output "release_token" {
  value     = var.release_token
  sensitive = true
}
