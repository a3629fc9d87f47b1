resource "local_file" "a" {
  content         = "x"
  file_permision  = "0644"
  file_permission = 644
}

resource "local_file" "b" {
  filename = ["a.txt"]
  source   = { path = "x" }

  lifecycle {
    prevent_destroy = true
  }
}

data "local_file" "c" {
  filename = "x"
  content  = "computed only"
}

resource "local_fil" "d" {
  filename = "x"
}
