cgannotate --format=folded --hide=parse --focus=lex folded/tree.out
