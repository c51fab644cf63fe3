cgannotate --group-by=class aprof/crypto_1.aprof
