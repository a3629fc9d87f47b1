# A module.
