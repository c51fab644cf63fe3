cgannotate --auto=no --show-percs=no writers/signed.out
