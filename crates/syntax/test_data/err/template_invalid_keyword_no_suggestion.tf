a = "%{ banana }"
