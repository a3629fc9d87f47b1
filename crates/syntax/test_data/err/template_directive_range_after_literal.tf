a = "%{ for x in local.[ }$${x}y${1}z"
