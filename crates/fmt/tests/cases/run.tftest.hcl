run "check" {
command=plan
variables {
name="x"
}
assert {
condition=output.name=="x"
error_message="bad"
}
}
