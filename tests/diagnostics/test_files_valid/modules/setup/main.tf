output "ok" { value = true }
