terraform {
  required_providers {
    dep = {
      source = "example/dep"
    }
  }
}

resource "dep_thing" "x" {
  name = "x"
  settings = {
    mode = "a"
  }
  rules = [
    { port = 1 },
    { port = 2 },
  ]
  by_name = {
    k = {}
  }
  rule_block {
    port = 1
  }
  old_single {
    x = "y"
  }
  tagged {
    tag = "t"
  }
}

# Deprecated inside a nested attribute's object: warned at the reading,
# in a plan, where the object is known.
output "nested_single" {
  value = dep_thing.x.settings.old_mode
}

output "nested_list" {
  value = dep_thing.x.rules[1].old_port
}

output "nested_map" {
  value = dep_thing.x.by_name["k"].old_value
}

# Deprecated inside a nested block, and a deprecated block as a whole.
output "in_block" {
  value = dep_thing.x.rule_block[0].legacy
}

output "whole_block" {
  value = dep_thing.x.old_single
}

output "in_set" {
  value = [for t in dep_thing.x.tagged : t.old_tag]
}

# Nothing deprecated is read.
output "fine" {
  value = [dep_thing.x.settings.mode, dep_thing.x.rules[0].port, dep_thing.x.rule_block[0].port]
}
