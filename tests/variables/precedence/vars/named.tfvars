from_var_file = "vars/named.tfvars"
from_last_var = "vars/named.tfvars"
