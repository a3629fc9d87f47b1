output "subnets" {
  description = "Every subnet by name, with its id, CIDR and zone."
  value = {
    for name, subnet in local.subnets : name => {
      id     = terraform_data.subnet[name].id
      cidr   = subnet.cidr
      zone   = subnet.zone
      public = subnet.public
    }
  }
}

output "public_subnets" {
  value = local.public_subnets
}

output "zone_names" {
  value = terraform_data.zone[*].output.name
}
