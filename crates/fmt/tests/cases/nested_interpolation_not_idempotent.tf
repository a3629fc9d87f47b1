# tofu fmt unwraps one level per run.
a = "${"${b}"}"
