# "${x}" alone becomes x; anything more stays a template.
a = "${var.x}"
b = "${var.x}${var.y}"
c = "x${var.x}"
d = "${foo("${bar}")}"
e = "${
  var.x ? 1 : 2
}"
f = "${(
  var.x)}"
g = "${ { a = 1 } }"
h = ["${var.x}"]
i = "${~var.x~}"
j = "${var.a
}"
k = "%{if true}x%{endif}"
l = {
  nested = "${var.only_arguments_of_bodies}"
}
block {
  m = "${var.in_a_block}"
}
