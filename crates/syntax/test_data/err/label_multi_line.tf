b "a
b" {
}
