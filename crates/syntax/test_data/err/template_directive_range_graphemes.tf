a = "́${x}%{ for y in z }"
b = "$́%{ if x }"
