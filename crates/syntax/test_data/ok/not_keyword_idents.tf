a = [forx, in]
b = {forx = 1}
