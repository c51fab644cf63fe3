cgannotate --focus=lex --auto=no folded/tree.out
