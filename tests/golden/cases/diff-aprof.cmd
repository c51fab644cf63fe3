cgannotate --diff progs/hot.out aprof/crypto_1.aprof
