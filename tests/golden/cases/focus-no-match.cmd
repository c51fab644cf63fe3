cgannotate --focus=nothing --focus=lex --auto=no folded/tree.out
