cd change && cgannotate --diff --show-percs=no --auto=no old.out new.out
