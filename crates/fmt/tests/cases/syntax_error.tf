a = 
resource "x" {
