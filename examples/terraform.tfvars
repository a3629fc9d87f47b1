project     = "shop"
environment = "staging"

network = {
  cidr  = "10.20.0.0/16"
  zones = ["a", "b", "c"]
  subnets = {
    public = { netnum = 0, public = true }
    app    = { netnum = 1 }
    data   = { netnum = 40, newbits = 12, tags = { tier = "data" } }
  }
}

services = {
  web = {
    image    = "nginx:1.27"
    subnet   = "public"
    replicas = 2
    public   = true
    ports    = [{ port = 80 }, { port = 443 }]
  }
  api = {
    image  = "ghcr.io/example/api:2.4.1"
    subnet = "app"
    env    = { DATABASE_URL = "postgres://db.internal:5432/shop" }
    ports = [
      { port = 8080 },
      { port = 9090, protocol = "udp" },
    ]
  }
  worker = {
    image  = "ghcr.io/example/worker:2.4.1"
    subnet = "app"
  }
}

admins = ["ops@example.com", "oncall@example.com"]

tags = {
  "cost-center" = "1234"
  owner         = "shop-team"
}
