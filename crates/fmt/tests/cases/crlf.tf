a = 1
bb  = 2
block  {
    x = 1 # c
}
