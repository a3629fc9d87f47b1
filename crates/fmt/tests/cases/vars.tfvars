region="us-east-1"
tags={
Name="x"
"Team"="y"
}
list=["a","b"]
