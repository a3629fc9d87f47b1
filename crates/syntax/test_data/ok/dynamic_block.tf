resource "x" "y" {
  dynamic "tag" {
    for_each = var.tags
    content {
      key = tag.key
    }
  }
}
