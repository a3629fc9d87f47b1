a = `foo`
b = `bar`
c = `baz`
