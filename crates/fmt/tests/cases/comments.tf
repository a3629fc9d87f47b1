# leading comment
/* block
   comment */
resource "a" "b" { # after brace
  # inside
  x = 1 # trailing
  yy = 2 // slashes
  zzz = [ # in a list
    1, /* inline */ 2,
    # alone
  ]
  w = 1 /* not a trailing cell */ + 2
}
// last
