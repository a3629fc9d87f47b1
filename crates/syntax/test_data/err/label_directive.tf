b "%{ if x }" {
}
