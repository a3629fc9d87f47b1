resource "terraform_data" "ok" {
  input            = { a = 1, b = ["x"] }
  triggers_replace = [1, "two"]
}

resource "terraform_data" "bad" {
  inputs = 1
}

data "terraform_remote_state" "state" {
  config = {
    path = "terraform.tfstate"
  }
}

data "terraform_remote_state" "typed" {
  backend   = ["local"]
  workspace = "default"
}

resource "terraform_remote_state" "wrong_mode" {
}
