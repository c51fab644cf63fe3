cgannotate aprof/crypto_1.aprof
