cd change && cgannotate --tree=caller cgdiff.out
