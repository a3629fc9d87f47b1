a = {for x in y : "${x}-1" if x}
