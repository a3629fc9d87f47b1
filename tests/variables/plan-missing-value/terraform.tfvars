given = 1
