a = "\q\w ok \u1 \n \e"
