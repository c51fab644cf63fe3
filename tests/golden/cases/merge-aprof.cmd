cgannotate --merge aprof/crypto_1.aprof progs/hot.out
