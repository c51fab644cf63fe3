cgannotate --focus=lex --inclusive=yes --auto=no folded/tree.out
