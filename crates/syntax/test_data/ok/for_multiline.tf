a = [
  for x in y :
  x
  if x
]
b = {
  for k, v in m :
  k => v
}
c = [for x in y: {
  a = x
}]
