a = [for x in [1,2]: x]
b = {for k,v in var.m: k=>v...}
c = -1
d = 1-1
e = 2 * -3
f = !true
g = var.x[0]
h = var.x[*].id
i = var.x.*.id
j = provider::aws::arn_parse ( "x" )
k = foo(a,b...)
l = a==b?c:d
m = (1+2)*3
n = var.list[0][1]
o = x[ 1 ]
p = "%{ if a }yes%{ else }no%{ endif }"
q = "%{for x in y}${x}%{endfor}"
r = a&&b||c
s = a<=b
t = [ ]
u = { }
v = {a=1,b=2}
w = f(
  1,
  2
)
x = [
  [1,
  2],
  3]
y = -var.x
z = a - -b
