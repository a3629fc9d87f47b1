b "a\q" {
}
