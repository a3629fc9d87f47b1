# tofu fmt removes the space between legacy indexes, which joins them into
# one number: the result no longer parses (HCL lexes "103.3" as a number).
a = b.103 .3
