cd change && cgannotate --format=dot --diff old.out new.out
