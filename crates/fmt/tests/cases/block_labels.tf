resource aws_instance web {
ami="x"
}
resource "a" /* c1 */ "b" /* c2 */ {
}
resource /* c0 */ "a" "b" {}
module "m\u0041\t" {}
data "a$${x}" "%%{y}" {}
locals {}
block "é" "" {}
thing "a\\b\"c" "π" {
  nested x {
  }
}
