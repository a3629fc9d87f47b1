variable "zones" {
  type = list(string)
}

output "ids" {
  value = [for z in var.zones : "${z}-id"]
}

output "settings" {
  value = { region = "eu", zones = var.zones }
}
