mosse = "Moose"
