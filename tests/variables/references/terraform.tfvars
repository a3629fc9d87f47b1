ref      = { a = var.other, b = local.x }
call     = "${upper("x")}"
hidden   = path.module
template = "a-${1 + 1}-%{if true}b%{endif}"
