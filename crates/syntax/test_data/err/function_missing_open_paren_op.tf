a = ns::fn + 1
