a = { b c }
