a = provider::aws::arn_parse("x")
b = provider::ns::fn()
c = core::max(1, 2)
