cd wide && cgannotate --context=1 --show-percs=no wide.out
