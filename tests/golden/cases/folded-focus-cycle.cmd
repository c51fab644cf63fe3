cgannotate --format=folded --focus=check folded/cycle.out
