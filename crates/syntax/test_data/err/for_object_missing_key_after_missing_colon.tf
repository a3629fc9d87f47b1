a = {for x in y : x ? 1 }
