a = $x
