# Not part of the root module's configuration: never shown.
locals {
  a = 
