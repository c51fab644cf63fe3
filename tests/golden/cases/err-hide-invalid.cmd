cgannotate --hide=ok --hide='[z-a]' folded/tree.out
