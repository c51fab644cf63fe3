cgannotate --format=json --focus=lex folded/tree.out
