resource "aws_instance" "web" {
  ami = "x"
}

block bare_label "quoted" other {
}

empty {}
