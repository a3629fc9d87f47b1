port     = "http"
size     = 6
not_null = null
