resource "local_file" "config" {
  filename             = "${path.module}/out/config.json"
  content              = jsonencode({ a = 1 })
  file_permission      = "0644"
  directory_permission = "0755"
}

resource "local_sensitive_file" "secret" {
  count    = 3
  filename = "secret-${count.index}.txt"
  content  = "s3cr3t"
}

data "local_file" "input" {
  filename = "input.txt"
}

output "length" {
  value = length(data.local_file.input.content)
}
