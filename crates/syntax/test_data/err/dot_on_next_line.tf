a = x
  .y
