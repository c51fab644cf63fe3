cgannotate --sort=cumulative --threshold=50 --routine=ReadChunk --routine=malloc aprof/crypto_1.aprof
