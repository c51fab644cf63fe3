cgannotate --focus='^qsort$' --inclusive=yes --auto=no stacks/demo.out
