output "instance_ids" {
  value = terraform_data.instance[*].id
}

output "endpoints" {
  description = "host:port/protocol of every replica and listener."
  value = flatten([
    for host in local.hosts : [
      for listener in values(local.listeners) : format("%s:%d/%s", host, listener.port, listener.protocol)
    ]
  ])
}

output "config" {
  value = local.config
}
