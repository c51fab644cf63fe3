cd change && cgannotate --diff --tree=both --threshold=100 old.out new.out
